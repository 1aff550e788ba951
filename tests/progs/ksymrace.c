// SPDX-License-Identifier: GPL-2.0
/*
 * The symbol table is loaded on first use: THREADS threads ask for their
 * first names at the same moment.  Each must get every name right, and
 * the program must not crash.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <linux/kallsyms.h>

#define noinline __attribute__((noipa))
#define THREADS 8

static pthread_barrier_t go;

noinline int named_one(int x) { return x + 1; }
noinline int named_two(int x) { return x + 2; }

static void *asker(void *arg)
{
	char b1[32], b2[32];
	long ok;

	pthread_barrier_wait(&go);
	ok = !strcmp(ksym_name((unsigned long)named_one, b1, sizeof(b1)),
		     "named_one") &&
	     !strcmp(ksym_name((unsigned long)named_two, b2, sizeof(b2)),
		     "named_two");
	return (void *)ok;
}

int main(void)
{
	pthread_t t[THREADS];
	int i, ok = 0;
	void *r;

	pthread_barrier_init(&go, NULL, THREADS);
	for (i = 0; i < THREADS; i++)
		pthread_create(&t[i], NULL, asker, NULL);
	for (i = 0; i < THREADS; i++) {
		pthread_join(t[i], &r);
		ok += r != NULL;
	}
	printf("named right: %d of %d\n", ok, THREADS);
	return named_one(0) + named_two(0) == 3 ? 0 : 1;
}
