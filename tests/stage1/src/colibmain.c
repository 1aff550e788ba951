// SPDX-License-Identifier: GPL-2.0
/*
 * Three coroutines of a library built without the kit (colib.c), each
 * yielding two traced frames down, stepped round-robin by traced code;
 * then every signal blocked by the library and by the program, the two
 * masks compared.  Prints "rounds 5 sum 420" and "masks agree", exits 0.
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>

int co_spawn(void (*fn)(int id));
void co_yield(void);
int co_resume(int id);
int co_block_signals(sigset_t *old);

#define NCO	3
#define ROUNDS	4

static long acc[NCO];

__attribute__((noinline)) int leaf(int x)
{
	return x * 3 + 1;
}

__attribute__((noinline)) long step(int id, int round)
{
	long v = leaf(id + round);

	co_yield();
	return v + leaf(v);
}

__attribute__((noinline)) void body(int id)
{
	int r;

	for (r = 0; r < ROUNDS; r++)
		acc[id] += step(id, r);
}

__attribute__((noinline)) int round_robin(void)
{
	int id, live = 0;

	for (id = 0; id < NCO; id++)
		live += co_resume(id);
	return live;
}

/* 0 if the library's mask is the program's, else the first difference */
__attribute__((noinline)) int compare_masks(void)
{
	sigset_t all, old, own, lib;
	int sig;

	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	pthread_sigmask(SIG_BLOCK, NULL, &own);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (co_block_signals(&old))
		return -1;
	pthread_sigmask(SIG_BLOCK, NULL, &lib);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	for (sig = 1; sig < NSIG; sig++)
		if (sigismember(&own, sig) != sigismember(&lib, sig))
			return sig;
	return 0;
}

int main(void)
{
	int id, sig, rounds = 0;
	long sum = 0;

	for (id = 0; id < NCO; id++)
		if (co_spawn(body) != id)
			return 1;
	do
		rounds++;
	while (round_robin());
	for (id = 0; id < NCO; id++)
		sum += acc[id];
	printf("rounds %d sum %ld\n", rounds, sum);
	sig = compare_masks();
	if (sig)
		printf("masks differ at signal %d\n", sig);
	else
		printf("masks agree\n");
	return 0;
}
