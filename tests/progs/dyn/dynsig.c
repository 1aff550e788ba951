// SPDX-License-Identifier: GPL-2.0
/*
 * A program that owns every signal (chapter 4: the kit's own signals are
 * not taken from it).  It prints the disposition it finds for each signal
 * at start, installs a counting handler for every one it may catch,
 * SIGTRAP included, and raises each of them ROUNDS times (30, or argv[1])
 * while a second thread switches tracers all along; on x86_64 it also
 * executes int3 itself.  Then it prints the counts.  Built without the
 * kit (tracefs_write() is weak), the same program prints what the traced
 * one must print.
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tracefs.h>
#include "switcher.h"

#pragma weak tracefs_write

#define noinline __attribute__((noipa))
/* signals above 64 cannot be delivered under qemu-user */
#define MAX_SIG	(SIGRTMAX < 64 ? SIGRTMAX : 64)

static volatile int counts[65];

noinline int traced_work(int x) { return x * 7 + 1; }

static void on_signal(int sig, siginfo_t *si, void *uc)
{
	if (sig > 0 && sig <= MAX_SIG)
		counts[sig] += traced_work(0);
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 30, sig, i, caught[65];
	struct sigaction sa, old;
	pthread_t t;

	for (sig = 1; sig <= MAX_SIG; sig++) {
		caught[sig] = 0;
		if (sigaction(sig, NULL, &old))
			continue;
		if (old.sa_handler != SIG_DFL)
			printf("signal %d at start: %s\n", sig,
			       old.sa_handler == SIG_IGN ? "ignored" :
			       "handled");
		if (sig == SIGKILL || sig == SIGSTOP)
			continue;
		memset(&sa, 0, sizeof(sa));
		sa.sa_sigaction = on_signal;
		sa.sa_flags = SA_SIGINFO | SA_RESTART;
		caught[sig] = !sigaction(sig, &sa, NULL);
	}
	if (tracefs_write)
		pthread_create(&t, NULL, switcher, NULL);
	for (i = 0; i < rounds; i++) {
		for (sig = 1; sig <= MAX_SIG; sig++)
			if (caught[sig])
				raise(sig);
#ifdef __x86_64__
		__asm__ __volatile__("int3");
#endif
	}
	if (tracefs_write)
		switcher_end(t);
	for (sig = 1; sig <= MAX_SIG; sig++)
		if (caught[sig])
			printf("signal %d: %d\n", sig, counts[sig]);
	return 0;
}
