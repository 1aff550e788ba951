// SPDX-License-Identifier: GPL-2.0
/*
 * Chapter 8: what an ftrace_ops callback sees of the traced function
 * through struct ftrace_regs (HAVE_DYNAMIC_FTRACE_WITH_ARGS).
 *
 * An ops that wants every function watches a1() ... a8() (1 to 8 integer
 * arguments) and a10() (10: past the register arguments on every 64-bit
 * ABI), reading each argument with ftrace_regs_get_argument(), and
 * redirects orig() to repl() with ftrace_regs_set_instruction_pointer(),
 * as livepatch and fprobe do.  It prints, per function, "aN ok" or the
 * first argument that differs, then what orig(5) returned with the ops
 * registered and after it is gone.  The exit status is 3, so a test sees
 * it is unchanged.
 */
#include <stdio.h>
#include <string.h>
#include <linux/ftrace.h>

#define noinline __attribute__((noipa))

typedef long l;

noinline l a1(l x1) { return x1; }
noinline l a2(l x1, l x2) { return x1 + x2; }
noinline l a3(l x1, l x2, l x3) { return x1 + x2 + x3; }
noinline l a4(l x1, l x2, l x3, l x4) { return x1 + x2 + x3 + x4; }
noinline l a5(l x1, l x2, l x3, l x4, l x5)
{
	return x1 + x2 + x3 + x4 + x5;
}
noinline l a6(l x1, l x2, l x3, l x4, l x5, l x6)
{
	return x1 + x2 + x3 + x4 + x5 + x6;
}
noinline l a7(l x1, l x2, l x3, l x4, l x5, l x6, l x7)
{
	return x1 + x2 + x3 + x4 + x5 + x6 + x7;
}
noinline l a8(l x1, l x2, l x3, l x4, l x5, l x6, l x7, l x8)
{
	return x1 + x2 + x3 + x4 + x5 + x6 + x7 + x8;
}
noinline l a10(l x1, l x2, l x3, l x4, l x5, l x6, l x7, l x8, l x9, l x10)
{
	return x1 + x2 + x3 + x4 + x5 + x6 + x7 + x8 + x9 + x10;
}

noinline l orig(l x) { return x + 1; }
noinline l repl(l x) { return x * 100; }

struct watched {
	const char	*name;
	unsigned long	addr;
	int		nargs;
	int		calls;
	unsigned long	seen[10];
};

static struct watched w[] = {
	{ "a1", 0, 1 }, { "a2", 0, 2 }, { "a3", 0, 3 }, { "a4", 0, 4 },
	{ "a5", 0, 5 }, { "a6", 0, 6 }, { "a7", 0, 7 }, { "a8", 0, 8 },
	{ "a10", 0, 10 },
};
#define NW (sizeof(w) / sizeof(w[0]))

/*
 * The site is at the function's entry (or a few instructions in: the
 * arch's rec->ip).  notrace, as everything the callback calls: at -O0
 * this is a real call, and a traced one would recurse.
 */
static int notrace near(unsigned long ip, unsigned long fn)
{
	return ip >= fn && ip - fn < 16;
}

static void notrace probe(unsigned long ip, unsigned long parent_ip,
			  struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	unsigned int i;
	int n;

	if (near(ip, ftrace_sym_addr(orig))) {
		ftrace_regs_set_instruction_pointer(fregs,
						    ftrace_sym_addr(repl));
		return;
	}
	for (i = 0; i < NW; i++) {
		if (!near(ip, w[i].addr))
			continue;
		w[i].calls++;
		for (n = 0; n < w[i].nargs; n++)
			w[i].seen[n] = ftrace_regs_get_argument(fregs, n);
	}
}

static struct ftrace_ops probe_ops = { .func = probe };

/* the value of argument n of watched function k: distinct, some negative */
static l want(unsigned int k, int n)
{
	l v = (l)(k + 1) * 0x1010101 + n * 0x111;

	return n % 3 == 2 ? -v : v;
}

static void notrace check(unsigned int k, l got_sum)
{
	l sum = 0;
	int n;

	for (n = 0; n < w[k].nargs; n++)
		sum += want(k, n);
	if (got_sum != sum) {
		printf("%s returned %ld, not %ld\n", w[k].name, got_sum, sum);
		return;
	}
	if (w[k].calls != 1) {
		printf("%s: %d calls seen\n", w[k].name, w[k].calls);
		return;
	}
	for (n = 0; n < w[k].nargs; n++) {
		if (w[k].seen[n] != (unsigned long)want(k, n)) {
			printf("%s: argument %d is %#lx, not %#lx\n",
			       w[k].name, n + 1, w[k].seen[n],
			       (unsigned long)want(k, n));
			return;
		}
	}
	printf("%s ok\n", w[k].name);
}

#define W(k, n)	want(k, n)

int main(void)
{
	int ret;

	w[0].addr = ftrace_sym_addr(a1);
	w[1].addr = ftrace_sym_addr(a2);
	w[2].addr = ftrace_sym_addr(a3);
	w[3].addr = ftrace_sym_addr(a4);
	w[4].addr = ftrace_sym_addr(a5);
	w[5].addr = ftrace_sym_addr(a6);
	w[6].addr = ftrace_sym_addr(a7);
	w[7].addr = ftrace_sym_addr(a8);
	w[8].addr = ftrace_sym_addr(a10);

	ret = register_ftrace_function(&probe_ops);
	if (ret) {
		printf("register_ftrace_function: %d\n", ret);
		return 1;
	}
	check(0, a1(W(0, 0)));
	check(1, a2(W(1, 0), W(1, 1)));
	check(2, a3(W(2, 0), W(2, 1), W(2, 2)));
	check(3, a4(W(3, 0), W(3, 1), W(3, 2), W(3, 3)));
	check(4, a5(W(4, 0), W(4, 1), W(4, 2), W(4, 3), W(4, 4)));
	check(5, a6(W(5, 0), W(5, 1), W(5, 2), W(5, 3), W(5, 4), W(5, 5)));
	check(6, a7(W(6, 0), W(6, 1), W(6, 2), W(6, 3), W(6, 4), W(6, 5),
		    W(6, 6)));
	check(7, a8(W(7, 0), W(7, 1), W(7, 2), W(7, 3), W(7, 4), W(7, 5),
		    W(7, 6), W(7, 7)));
	check(8, a10(W(8, 0), W(8, 1), W(8, 2), W(8, 3), W(8, 4), W(8, 5),
		     W(8, 6), W(8, 7), W(8, 8), W(8, 9)));
	printf("orig(5) = %ld\n", orig(5));
	unregister_ftrace_function(&probe_ops);
	printf("orig(5) = %ld after\n", orig(5));
	return 3;
}
