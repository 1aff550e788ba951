// SPDX-License-Identifier: GPL-2.0
/*
 * One traced call in each context the trace's latency columns tell apart:
 * plain, with signals blocked by local_irq_save() (irqs-off), inside a
 * signal handler (hardirq), inside a handler that interrupted another one
 * (the NMI-like case).  Single-threaded and deterministic, so that its
 * trace can be compared with a sample text column by column.  With an
 * argument "slow", one more call takes over a second, for the graph
 * tracer's 7-digit durations.  With "late", tracing starts (tracing_on)
 * inside a function: its return and main's have no entry in the trace.
 */
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <asm/irqflags.h>
#include <tracefs.h>

#define noinline __attribute__((noipa))

noinline int plain(int x) { return x + 1; }
noinline int irqs_off(int x) { return x + 2; }
noinline int in_handler(int x) { return x + 3; }
noinline int in_nested(int x) { return x + 4; }
noinline void slow(void) { usleep(1100000); }

static volatile int sink;

noinline void late_on(void)
{
	tracefs_write("tracing_on", "1");
	sink += plain(5);
}

noinline void on_usr2(int sig)
{
	sink += in_nested(sig);
}

noinline void on_usr1(int sig)
{
	sink += in_handler(sig);
	raise(SIGUSR2);			/* lands inside this handler */
	sink += in_handler(sig);
}

int main(int argc, char **argv)
{
	struct sigaction sa;
	irqflags_t flags;

	signal(SIGUSR1, on_usr1);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr2;
	sigaction(SIGUSR2, &sa, NULL);
	sink += plain(1);
	local_irq_save(flags);
	sink += irqs_off(2);
	local_irq_restore(flags);
	raise(SIGUSR1);
	sink += plain(3);
	if (argc > 1 && !strcmp(argv[1], "slow"))
		slow();
	if (argc > 1 && !strcmp(argv[1], "late"))
		late_on();
	return 0;
}
