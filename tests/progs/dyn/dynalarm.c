// SPDX-License-Identifier: GPL-2.0
/*
 * The patching thread's own signal handler runs traced code while the
 * code changes (chapter 4: the NMI problem of 2008).  A SIGALRM every
 * 100 us (setitimer) calls some of 1024 traced functions and checks what
 * they return, while the one thread there is switches the tracer ROUNDS
 * times (300, or argv[1]), every switch changing each of the 1024 sites.
 * A handler that met a half-written site would crash or compute a wrong
 * value: the program prints "bad 0" and how often the handler ran.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <tracefs.h>

#define noinline __attribute__((noipa))

#define F(n) noinline long fn_##n(long x) { return x * 3 + n; }
#define F4(n) F(n##0) F(n##1) F(n##2) F(n##3)
#define F16(n) F4(n##0) F4(n##1) F4(n##2) F4(n##3)
#define F64(n) F16(n##0) F16(n##1) F16(n##2) F16(n##3)
#define F256(n) F64(n##0) F64(n##1) F64(n##2) F64(n##3)
/* fn_10000 .. fn_13333, digits 0-3: 1024 functions */
F256(10) F256(11) F256(12) F256(13)

#define P(n) { fn_##n, n },
#define P4(n) P(n##0) P(n##1) P(n##2) P(n##3)
#define P16(n) P4(n##0) P4(n##1) P4(n##2) P4(n##3)
#define P64(n) P16(n##0) P16(n##1) P16(n##2) P16(n##3)
#define P256(n) P64(n##0) P64(n##1) P64(n##2) P64(n##3)
static const struct {
	long	(*fn)(long);
	long	n;
} fns[] = { P256(10) P256(11) P256(12) P256(13) };

#define NR_FNS	(sizeof(fns) / sizeof(fns[0]))

static volatile unsigned long ticks, bad, next;

static void on_alarm(int sig)
{
	unsigned int i;

	/* 16 functions a tick, a different 16 each time */
	for (i = 0; i < 16; i++) {
		unsigned long k = (next + i * 61) % NR_FNS;

		if (fns[k].fn(ticks) != (long)ticks * 3 + fns[k].n)
			bad++;
	}
	next += 17;
	ticks++;
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 300, r, failed = 0;
	static const char *const tracers[] = {
		"function", "nop", "function_graph", "nop",
	};
	struct itimerval it = { { 0, 100 }, { 0, 100 } };
	struct sigaction sa;
	char avail[256];
	int ntracers = 2;

	if (!tracefs_read("available_tracers", avail, sizeof(avail)) &&
	    strstr(avail, "function_graph"))
		ntracers = 4;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sa.sa_flags = SA_RESTART;
	sigaction(SIGALRM, &sa, NULL);
	setitimer(ITIMER_REAL, &it, NULL);
	for (r = 0; r < rounds; r++)
		if (tracefs_write("current_tracer", tracers[r % ntracers]) &&
		    !failed++)
			fprintf(stderr, "dynalarm: %s\n",
				tracefs_last_error());
	memset(&it, 0, sizeof(it));
	setitimer(ITIMER_REAL, &it, NULL);
	printf("bad %lu\nfailed switches %d\nhandler ran %s\n", bad, failed,
	       ticks > 0 ? "yes" : "no");
	return 0;
}
