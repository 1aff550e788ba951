/*
 * Coroutines that change threads, as an M:N scheduler moves them: three
 * ucontext coroutines, each suspended with swapcontext() two traced
 * frames down, are stepped alternately by the main thread and by a fresh
 * thread, which ends before the main thread resumes what it suspended.
 * The return stack must follow each context to the thread that resumes
 * it.  Prints "rounds 5 sum 486", exits 86.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <ucontext.h>

#define NCO		3
#define CO_STACK	(256 * 1024)

static ucontext_t sched[2], co[NCO];
static int cur_thread, done[NCO];
static long acc[NCO];

__attribute__((noinline)) int leaf(int x)
{
	return x * 3 + 1;
}

__attribute__((noinline)) void yield_to_sched(int id)
{
	swapcontext(&co[id], &sched[cur_thread]);
}

__attribute__((noinline)) long mid(int id, int round)
{
	long v = leaf(id + round);

	yield_to_sched(id);
	return v + leaf(v);
}

__attribute__((noinline)) long top(int id, int round)
{
	long v = mid(id, round);

	yield_to_sched(id);
	return v + leaf(round);
}

static void body(int id)
{
	int r;

	for (r = 0; r < 4; r++)
		acc[id] += top(id, r);
	done[id] = 1;
	swapcontext(&co[id], &sched[cur_thread]);
}

/* one step of every unfinished coroutine, on this thread */
__attribute__((noinline)) int step_all(int thread)
{
	int i, left = 0;

	for (i = 0; i < NCO; i++) {
		if (done[i])
			continue;
		cur_thread = thread;
		swapcontext(&sched[thread], &co[i]);
		left += !done[i];
	}
	return left;
}

static void *worker(void *arg)
{
	return (void *)(long)step_all(1);
}

int main(void)
{
	int i, rounds = 0;
	long sum = 0;

	for (i = 0; i < NCO; i++) {
		getcontext(&co[i]);
		co[i].uc_stack.ss_sp = malloc(CO_STACK);
		co[i].uc_stack.ss_size = CO_STACK;
		co[i].uc_link = NULL;
		makecontext(&co[i], (void (*)(void))body, 1, i);
	}
	for (;;) {
		pthread_t t;
		void *left;

		rounds++;
		if (!step_all(0))
			break;
		if (pthread_create(&t, NULL, worker, NULL) ||
		    pthread_join(t, &left))
			return 1;
		if (!left)
			break;
	}
	for (i = 0; i < NCO; i++)
		sum += acc[i];
	printf("rounds %d sum %ld\n", rounds, sum);
	return (int)(sum % 200);
}
