/*
 * Green threads preempted from a signal handler: two ucontext coroutines,
 * and a SIGUSR1 handler (raised three frames down, every third step) that
 * swapcontext()s to the other one; the handler's frame is resumed later
 * and returns.  The first one to finish setcontext()s to main, which then
 * vfork()s four children from a traced frame, each calling traced code
 * before it execs a shell.  Prints "acc 13680 14580 spawn 10", exits 43.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <ucontext.h>
#include <unistd.h>

#define CO_STACK	(128 * 1024)

static ucontext_t main_ctx, co[2];
static int cur, finished[2];
static long acc[2];

__attribute__((noinline)) long leaf(long x)
{
	return x * 5 + 3;
}

static void on_sig(int sig)
{
	int me = cur, other = !cur;

	leaf(sig);
	if (finished[other])
		return;
	cur = other;
	swapcontext(&co[me], &co[other]);
}

__attribute__((noinline)) long tick(int id, int i)
{
	long v = leaf(i + id);

	if (i % 3 == 0)
		raise(SIGUSR1);
	return v + leaf(v);
}

static void body(int id)
{
	int i;

	for (i = 0; i < 30; i++)
		acc[id] += tick(id, i);
	finished[id] = 1;
	cur = !id;
	if (!finished[!id])
		swapcontext(&co[id], &co[!id]);
	setcontext(&main_ctx);
}

__attribute__((noinline)) int prep(int x)
{
	return x + 1;
}

__attribute__((noinline)) int spawn(int code)
{
	char arg[16];
	pid_t pid;
	int st;

	pid = vfork();
	if (pid == 0) {
		snprintf(arg, sizeof(arg), "exit %d", prep(code));
		execl("/bin/sh", "sh", "-c", arg, (char *)NULL);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &st, 0) != pid)
		return -100;
	return WEXITSTATUS(st);
}

int main(void)
{
	struct sigaction sa;
	int i, s = 0;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_sig;
	sa.sa_flags = SA_NODEFER;
	sigaction(SIGUSR1, &sa, NULL);
	for (i = 0; i < 2; i++) {
		getcontext(&co[i]);
		co[i].uc_stack.ss_sp = malloc(CO_STACK);
		co[i].uc_stack.ss_size = CO_STACK;
		makecontext(&co[i], (void (*)(void))body, 1, i);
	}
	swapcontext(&main_ctx, &co[0]);
	for (i = 0; i < 4; i++)
		s += spawn(i);
	printf("acc %ld %ld spawn %d\n", acc[0], acc[1], s);
	return (int)((acc[0] + acc[1] + s) % 97);
}
