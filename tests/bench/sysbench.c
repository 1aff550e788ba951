// SPDX-License-Identifier: GPL-2.0
/*
 * What a traced system call costs ("make bench", scripts/bench):
 *
 *   sysbench getppid N R   N getppid() calls, best of R: ns per call
 *   sysbench trap N R      N "ud2" traps, each taken by a SIGILL handler
 *                          that steps over it: ns per trap, the floor of
 *                          one trap round trip on this machine (x86_64)
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

#ifdef __x86_64__
static void step(int sig, siginfo_t *info, void *ucv)
{
	ucontext_t *uc = ucv;

	uc->uc_mcontext.gregs[REG_RIP] += 2;
}
#endif

int main(int argc, char **argv)
{
	long n = argc > 2 ? atol(argv[2]) : 100000, i;
	int r, repeats = argc > 3 ? atoi(argv[3]) : 5, trap;
	double best = 1e30, t;

	trap = argc > 1 && !strcmp(argv[1], "trap");
#ifndef __x86_64__
	if (trap) {
		fprintf(stderr, "sysbench: trap: x86_64 only\n");
		return 2;
	}
#else
	if (trap) {
		struct sigaction sa;

		memset(&sa, 0, sizeof(sa));
		sa.sa_sigaction = step;
		sa.sa_flags = SA_SIGINFO | SA_NODEFER;
		sigaction(SIGILL, &sa, NULL);
	}
#endif
	for (r = 0; r < repeats; r++) {
		t = now();
		for (i = 0; i < n; i++) {
#ifdef __x86_64__
			if (trap)
				__asm__ __volatile__("ud2");
			else
#endif
				getppid();
		}
		t = (now() - t) / n;
		if (t < best)
			best = t;
	}
	printf("ns_per_call %.1f\n", best);
	return 0;
}
