// SPDX-License-Identifier: GPL-2.0
/*
 * dlopen() and dlclose() in several threads at once (test_modules.sh):
 *	modthreads ROUNDS PLUGIN...
 * one thread per PLUGIN loads it, calls its plugin_entry() and unloads
 * it, ROUNDS times, all threads at the same time: the kit sees objects
 * another thread is still loading, or has begun to unload, whenever it
 * looks at the loaded objects after a dlopen().  Prints the same in
 * every build.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int rounds;

static void *churn(void *path)
{
	long sum = 0;
	int i;

	for (i = 0; i < rounds; i++) {
		void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
		int (*entry)(int);

		if (!h)
			return (void *)-1L;
		entry = (int (*)(int))dlsym(h, "plugin_entry");
		sum += entry ? entry(i) : -1000000;
		dlclose(h);
	}
	return (void *)sum;
}

int main(int argc, char **argv)
{
	pthread_t t[8];
	long total = 0;
	void *ret;
	int i, n = argc - 2;

	if (argc < 3 || n > 8)
		return 2;
	rounds = atoi(argv[1]);
	for (i = 0; i < n; i++)
		pthread_create(&t[i], NULL, churn, argv[i + 2]);
	for (i = 0; i < n; i++) {
		pthread_join(t[i], &ret);
		total += (long)ret;
	}
	printf("threads %d rounds %d total %ld\n", n, rounds, total);
	return 0;
}
