// SPDX-License-Identifier: GPL-2.0
/*
 * stop_machine()'s timed wait must end (run with FTRACE_PATCH_METHOD=
 * stop_machine): each step puts a thread in its way, switches to the
 * function tracer, and says how long the refusal took.
 *
 *   stop   a thread blocks every signal and sleeps in read(): it cannot be
 *          parked, and is refused from its mask in /proc, or by the
 *          timeout where /proc shows another (qemu-user's)
 *   vfork  a thread waits in vfork() for its child, a wait no signal
 *          interrupts: it never checks in and the stop times out
 *          (natively only: qemu-user runs vfork() as fork(), whose parent
 *          does not wait)
 *   splice a thread waits in splice() on an empty pipe: qemu-user makes
 *          that call without letting a signal in, so under it the thread
 *          never checks in and the stop times out; natively the signal
 *          interrupts the call and the thread is parked as any other
 *
 * Each step prints "<step>: refused in MS ms" (or "ok"), the reason, then
 * "<step>: after: ok ok" once the thread is gone (the switch to function
 * and back to nop, which must now succeed).
 */
#define _GNU_SOURCE			/* splice() */
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>
#include <tracefs.h>

static int pipefd[2], splice_in[2], splice_out[2], ready, release;

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

static void *sleeper(void *arg)
{
	sigset_t all;
	char c;

	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
	__atomic_store_n(&ready, 1, __ATOMIC_RELEASE);
	return (void *)(long)read(pipefd[0], &c, 1);
}

/*
 * The child shares the parent's memory until it exits: it waits for
 * release, and gives up by itself after a minute whatever happens.
 */
static void *vforker(void *arg)
{
	long long t0 = now_ms();
	pid_t pid;

	__atomic_store_n(&ready, 1, __ATOMIC_RELEASE);
	pid = vfork();
	if (pid == 0) {
		while (!__atomic_load_n(&release, __ATOMIC_ACQUIRE) &&
		       now_ms() - t0 < 60000)
			usleep(1000);
		_exit(0);
	}
	return (void *)(long)(pid > 0 && waitpid(pid, NULL, 0) == pid);
}

static void *splicer(void *arg)
{
	__atomic_store_n(&ready, 1, __ATOMIC_RELEASE);
	return (void *)(long)splice(splice_in[0], NULL, splice_out[1], NULL,
				    1, 0);
}

static const char *result(const char *tracer)
{
	return tracefs_write("current_tracer", tracer) ? "refused" : "ok";
}

static int run(const char *step)
{
	void *(*fn)(void *) = !strcmp(step, "stop") ? sleeper :
			      !strcmp(step, "vfork") ? vforker : splicer;
	long long t0;
	pthread_t t;
	int ret;

	ready = release = 0;
	if (pthread_create(&t, NULL, fn, NULL))
		return 1;
	while (!__atomic_load_n(&ready, __ATOMIC_ACQUIRE))
		usleep(1000);
	usleep(200000);			/* let it reach its system call */
	t0 = now_ms();
	ret = tracefs_write("current_tracer", "function");
	printf("%s: %s in %lld ms\n", step, ret ? "refused" : "ok",
	       now_ms() - t0);
	if (ret)
		printf("%s: %s\n", step, tracefs_last_error());
	__atomic_store_n(&release, 1, __ATOMIC_RELEASE);
	if (fn == sleeper && write(pipefd[1], "x", 1) != 1)
		return 1;
	if (fn == splicer && write(splice_in[1], "x", 1) != 1)
		return 1;
	pthread_join(t, NULL);
	printf("%s: after: %s", step, result("function"));
	printf(" %s\n", result("nop"));
	return 0;
}

int main(int argc, char **argv)
{
	int i;

	if (pipe(pipefd) || pipe(splice_in) || pipe(splice_out))
		return 1;
	setvbuf(stdout, NULL, _IOLBF, 0);
	for (i = 1; i < argc; i++)
		if (run(argv[i]))
			return 1;
	return 0;
}
