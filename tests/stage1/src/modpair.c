/*
 * Two plugins with the same entry point, loaded one after the other
 * (test_modules.sh, test_libraries_mapped_at_one_address):
 *	modpair PLUGIN_A PLUGIN_B ROUNDS
 * loads, calls and unloads A, then B, ROUNDS times.  The dynamic loader
 * tends to map the second where the first was: "one address" says it
 * did at least once.  Prints the same in every build.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

/* the plugin's base, after calling its entry point with x (*sum += ...) */
static void *use(const char *path, int x, long *sum)
{
	void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL), *base;
	int (*entry)(int);
	Dl_info dli;

	if (!h) {
		printf("dlopen: %s\n", dlerror());
		exit(1);
	}
	entry = (int (*)(int))dlsym(h, "plugin_entry");
	*sum += entry(x);
	base = entry && dladdr((void *)entry, &dli) ? dli.dli_fbase : NULL;
	dlclose(h);
	return base;
}

int main(int argc, char **argv)
{
	int rounds = argc > 3 ? atoi(argv[3]) : 10, i, same = 0;
	long sum = 0;

	if (argc < 3)
		return 2;
	for (i = 0; i < rounds; i++)
		same += use(argv[1], i, &sum) == use(argv[2], i, &sum);
	printf("%s, sum %ld\n", same ? "one address" : "two addresses", sum);
	return 0;
}
