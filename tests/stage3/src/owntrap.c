// SPDX-License-Identifier: GPL-2.0
/*
 * The program's own traps are the program's (chapter 4, chapter 7): it
 * executes each trap instruction of its arch (arch/<arch>/tests/
 * own_traps.h: the ones the kit uses itself among them) ROUNDS times, and
 * sends itself SIGTRAP and SIGILL with raise(), kill() and tgkill(), each
 * time with a SA_SIGINFO handler of its own, and prints what the handler
 * saw: the signal, si_code, where si_addr and the pc point (at the
 * instruction, after it, elsewhere), whether the trapping code's register
 * is in the context, and for a sent signal whether si_pid is its own.
 * The handler resumes after the instruction by the context.
 *
 * Built with the kit (scripts/ftrace-cc) and without it, the two must
 * print the same.  With the kit, a second thread switches the tracer all
 * the while (tracefs_write(), when the kit is linked: the breakpoints of
 * a live patch are in flight while the traps happen), and a traced
 * function is called between two traps; but for the kill() rounds, which
 * need the untraced program's one thread (main()).
 */
#define _GNU_SOURCE	/* the context's register names */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include "own_trap_fn.h"

#define ROUNDS	300

struct own_trap {
	const char	*name;
	void		(*fn)(void);
	const char	*insn, *next;
};

#define ENTRY(name, insn)	{ #name, name, name##_insn, name##_next },
static const struct own_trap traps[] = { OWN_TRAPS(ENTRY) };

/* the kit's, when it is linked (switcher.h); NULL in the untraced build */
int tracefs_write(const char *file, const char *value) __attribute__((weak));

static const struct own_trap *cur;
static struct seen {
	int		sig, code, pid_ok, reg_ok;
	const char	*addr, *pc;
	int		count, differ;
} seen;

static const char *where(unsigned long a, const struct own_trap *t)
{
	if (!t)
		return "-";
	if (a == (unsigned long)t->insn)
		return "insn";
	if (a == (unsigned long)t->next)
		return "next";
	return a ? "other" : "0";
}

static void handler(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = ucv;
	struct seen now = { sig, si->si_code, si->si_pid == getpid(),
			    cur && OWN_TRAP_REG(uc) == OWN_TRAP_MAGIC,
			    where((unsigned long)si->si_addr, cur),
			    where(OWN_TRAP_PC(uc), cur) };

	if (seen.count && (now.sig != seen.sig || now.code != seen.code ||
			   now.reg_ok != seen.reg_ok ||
			   strcmp(now.addr, seen.addr) ||
			   strcmp(now.pc, seen.pc)))
		seen.differ++;
	now.count = seen.count + 1;
	now.differ = seen.differ;
	seen = now;
	if (cur)
		OWN_TRAP_PC(uc) = (unsigned long)cur->next;
}

__attribute__((noinline)) int work(int i)
{
	__asm__ __volatile__("" : "+r"(i));
	return i + 1;
}

#include "../../progs/dyn/switcher.h"

static void report(const char *name)
{
	printf("%s: signal %d code %d addr %s pc %s reg %s pid %s, %d times, "
	       "%d different\n", name, seen.sig, seen.code, seen.addr, seen.pc,
	       seen.reg_ok ? "ok" : "-", seen.pid_ok ? "ok" : "-",
	       seen.count, seen.differ);
	memset(&seen, 0, sizeof(seen));
}

int main(void)
{
	struct sigaction sa;
	pthread_t t;
	int i, sum = 0, sigs[] = { SIGTRAP, SIGILL };
	unsigned int k, s;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTRAP, &sa, NULL);
	sigaction(SIGILL, &sa, NULL);
	if (tracefs_write)
		pthread_create(&t, NULL, switcher, NULL);

	for (k = 0; k < sizeof(traps) / sizeof(traps[0]); k++) {
		cur = &traps[k];
		for (i = 0; i < ROUNDS; i++) {
			traps[k].fn();
			sum = work(sum);
		}
		report(traps[k].name);
	}
	cur = NULL;
	/*
	 * A signal sent to the process may be taken by any thread that does
	 * not block it: the untraced program has only this one, so the
	 * switcher is gone for the kill() rounds
	 */
	for (s = 0; s < 2; s++) {
		for (i = 0; i < ROUNDS / 10; i++)
			raise(sigs[s]);
		report(s ? "raise SIGILL" : "raise SIGTRAP");
		if (tracefs_write)
			switcher_end(t);
		for (i = 0; i < ROUNDS / 10; i++)
			kill(getpid(), sigs[s]);
		if (tracefs_write)
			pthread_create(&t, NULL, switcher, NULL);
		report(s ? "kill SIGILL" : "kill SIGTRAP");
		for (i = 0; i < ROUNDS / 10; i++)
			syscall(SYS_tgkill, getpid(), syscall(SYS_gettid),
				sigs[s]);
		report(s ? "tgkill SIGILL" : "tgkill SIGTRAP");
	}
	if (tracefs_write)
		switcher_end(t);
	printf("work %d\n", sum);
	return 0;
}
