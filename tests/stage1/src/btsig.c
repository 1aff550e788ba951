/*
 * backtrace() where the kit sits in the way: in a handler (which the
 * kit's signal_irq_entry() calls) three tail calls down, in a function
 * whose callers tail-called it, and in a ucontext coroutine before and
 * after it moved to another thread.  Prints the names of the program's
 * frames each walk saw (build with -rdynamic -funwind-tables); the names
 * depend on the arch, the C library and the optimisation level.
 */
#include <execinfo.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>

static char out[4096];
static int outn;

/* "name" of "prog(name+0x12) [0x...]", or NULL */
static const char *frame_name(char *sym)
{
	char *p = strchr(sym, '('), *q;

	if (!p || !(q = strchr(p, '+')) || q == p + 1)
		return NULL;
	*q = 0;
	return p + 1;
}

__attribute__((noinline)) void bt(const char *tag)
{
	void *pcs[64];
	char **syms;
	const char *name;
	int i, n;

	n = backtrace(pcs, 64);
	syms = backtrace_symbols(pcs, n);
	if (!syms)
		exit(2);
	outn += snprintf(out + outn, sizeof(out) - outn, "%s:", tag);
	for (i = 0; i < n; i++) {
		name = frame_name(syms[i]);
		/* the C library's own frames (start code, __libc_*...) */
		if (!name || !strncmp(name, "__", 2) || strstr(name, "start"))
			continue;
		outn += snprintf(out + outn, sizeof(out) - outn, " %s", name);
	}
	outn += snprintf(out + outn, sizeof(out) - outn, "\n");
	free(syms);
}

__attribute__((noinline)) void h2(void)
{
	bt("handler");
}

__attribute__((noinline)) void h1(void)
{
	h2();
}

static void handler(int sig)
{
	h1();
}

__attribute__((noinline)) void c3(void)
{
	raise(SIGUSR1);
	bt("tail");
}

__attribute__((noinline)) void c2(void)
{
	c3();
}

__attribute__((noinline)) void c1(void)
{
	c2();
}

static ucontext_t main_ctx, co;

__attribute__((noinline)) void co_b(void)
{
	bt("co-before");
	swapcontext(&co, &main_ctx);
	bt("co-after");
}

__attribute__((noinline)) void co_a(void)
{
	co_b();
}

static void co_body(void)
{
	co_a();
}

static void *resume(void *arg)
{
	swapcontext(&main_ctx, &co);
	return NULL;
}

int main(void)
{
	struct sigaction sa;
	pthread_t t;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigaction(SIGUSR1, &sa, NULL);
	c1();
	getcontext(&co);
	co.uc_stack.ss_sp = malloc(1 << 18);
	co.uc_stack.ss_size = 1 << 18;
	co.uc_link = &main_ctx;
	makecontext(&co, co_body, 0);
	swapcontext(&main_ctx, &co);
	if (pthread_create(&t, NULL, resume, NULL) || pthread_join(t, NULL))
		return 1;
	fputs(out, stdout);
	return 0;
}
