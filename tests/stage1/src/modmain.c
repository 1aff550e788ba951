/*
 * A program with its own shared library (modlib.c) that loads and unloads
 * a plugin (modplug.c) over and over, while, in a traced build, another
 * thread switches tracers and filters (test_modules.sh).  Prints the same
 * in every build:
 *	modmain [PLUGIN [ROUNDS [switch]]]
 * loads PLUGIN ROUNDS times (100); with "switch", a traced build's second
 * thread switches tracers and filters all the while, and one more load
 * follows under the function tracer; with "die", the process is killed
 * (SIGKILL) while the first load is still there (the spool's case).
 */
#include <dlfcn.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef CONFIG_FUNCTION_TRACER
#include <tracefs.h>
#endif

int modlib_walk(int n);

static volatile int done;

#ifdef CONFIG_FUNCTION_TRACER
static void *switcher(void *arg)
{
	static const char *const tracers[] = {
		"function", "nop", "function_graph", "function",
	};
	static const char *const filters[] = {
		"*:mod:libmodplug", "", "plugin_*", "modlib_*", "",
	};
	unsigned int i = 0;

	while (!done) {
		/* (a tracer or filter this stage lacks says so: ignored) */
		tracefs_write("current_tracer", tracers[i % 4]);
		tracefs_write("set_ftrace_filter", filters[i % 5]);
		i++;
	}
	tracefs_write("set_ftrace_filter", "");
	tracefs_write("current_tracer", "function");
	return NULL;
}

/* Nothing of the plugin may stay among the records once it has gone. */
static int plugin_records_left(void)
{
	static char buf[1 << 20];

	if (tracefs_read("available_filter_functions", buf, sizeof(buf)))
		return 0;	/* (no dynamic ftrace at this stage) */
	return strstr(buf, "[libmodplug]") != NULL;
}
#endif

int main(int argc, char **argv)
{
	int rounds = argc > 2 ? atoi(argv[2]) : 100, i;
	int switching = argc > 3 && !strcmp(argv[3], "switch");
	int dying = argc > 3 && !strcmp(argv[3], "die");
	long total = 0;
	pthread_t t;

	printf("walk %d\n", modlib_walk(10));
	if (argc < 2)
		return 0;
#ifdef CONFIG_FUNCTION_TRACER
	if (switching)
		pthread_create(&t, NULL, switcher, NULL);
#endif
	for (i = 0; i < rounds; i++) {
		void *h = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
		int (*entry)(int);

		if (!h) {
			printf("dlopen: %s\n", dlerror());
			return 1;
		}
		entry = (int (*)(int))dlsym(h, "plugin_entry");
		if (!entry || entry(i) != (i + 1000) * 2) {
			printf("round %d: wrong result\n", i);
			return 1;
		}
		total += entry(i);
		if (dying) {
			fflush(stdout);
			kill(getpid(), SIGKILL);
		}
		dlclose(h);
#ifdef CONFIG_FUNCTION_TRACER
		if (plugin_records_left()) {
			printf("round %d: the plugin's records outlive it\n", i);
			return 1;
		}
#endif
	}
	done = 1;
#ifdef CONFIG_FUNCTION_TRACER
	/* one more load, traced with every function: the plugin is named */
	if (switching) {
		pthread_join(t, NULL);
		void *h = dlopen(argv[1], RTLD_NOW);
		int (*entry)(int) = (int (*)(int))dlsym(h, "plugin_entry");

		total += entry(7) - (7 + 1000) * 2;
		dlclose(h);
	}
#else
	(void)t;
	(void)switching;
#endif
	printf("rounds %d total %ld\n", rounds, total);
	return 0;
}
