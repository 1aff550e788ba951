/*
 * Jumps that real programs make, mixed: a handler on an alternate signal
 * stack that setjmp()s and longjmp()s three times inside itself, through
 * a traced frame; a recursion 300 and more frames deep (past the return
 * stack) left by longjmp() from levels above and below the return stack's
 * end; between them, traced functions returning a struct, a long double,
 * a long long and a double, and a varargs function that uses alloca().
 * Prints "s 4651 hsum 240", exits 51.
 */
#include <alloca.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct big {
	long long	a;
	double		d;
	int		c[5];
};

__attribute__((noinline)) struct big mkbig(int i)
{
	struct big b = { (long long)i << 33, i * 0.5,
			 { i, i + 1, i + 2, i + 3, i + 4 } };

	return b;
}

__attribute__((noinline)) long double ld(int i)
{
	return (long double)i / 3;
}

__attribute__((noinline)) long long ll(int i)
{
	return ((long long)i << 40) | i;
}

__attribute__((noinline)) double dd(double x, float y)
{
	return x * y;
}

__attribute__((noinline)) long vsum(int n, ...)
{
	char *buf = alloca(n * 100 + 8);
	va_list ap;
	long s = 0;
	int i;

	va_start(ap, n);
	for (i = 0; i < n; i++) {
		buf[i * 100] = (char)i;
		s += va_arg(ap, int) + buf[i * 100];
	}
	va_end(ap);
	return s;
}

static jmp_buf deep_jb;

__attribute__((noinline)) int deep(int n, int jmp_at)
{
	if (n == jmp_at)
		longjmp(deep_jb, n);
	if (n == 0)
		return 1;
	return deep(n - 1, jmp_at) + 1;
}

static long hsum;

__attribute__((noinline)) int hleaf(int x)
{
	return x + 2;
}

__attribute__((noinline)) void hthrow(jmp_buf *jb, int v)
{
	hleaf(v);
	longjmp(*jb, v);
}

static void handler(int sig)
{
	jmp_buf jb;
	int i;

	for (i = 0; i < 3; i++) {
		volatile int v = setjmp(jb);

		if (v == 0)
			hthrow(&jb, i + 1);
		hsum += hleaf(v);
	}
}

int main(void)
{
	struct sigaction sa;
	struct big b;
	stack_t ss;
	long s = 0;
	int i;

	ss.ss_sp = malloc(64 * 1024);
	ss.ss_size = 64 * 1024;
	ss.ss_flags = 0;
	sigaltstack(&ss, NULL);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sa.sa_flags = SA_ONSTACK;
	sigaction(SIGUSR1, &sa, NULL);

	for (i = 0; i < 20; i++) {
		volatile int v;

		raise(SIGUSR1);
		v = setjmp(deep_jb);
		if (v == 0)
			deep(300 + i * 7, 2 + (i % 5) * 60);
		s += v;
		b = mkbig(i);
		s += (b.a >> 33) + b.c[4];
		s += (long)(ld(i) * 3 + 0.5);
		s += ll(i) >> 40;
		s += (long)dd(i, 2.0f);
		s += vsum(5, i, 1, 2, 3, 4);
	}
	s += deep(400, -1);
	printf("s %ld hsum %ld\n", s, hsum);
	return (int)(s % 100);
}
