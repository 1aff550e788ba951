// SPDX-License-Identifier: GPL-2.0
/*
 * Chapter 8's second half: many ftrace_ops on the sites, each served
 * without the list where it alone wants a function; direct calls; an ops
 * that redirects a function (FTRACE_OPS_FL_IPMODIFY).  One mode per run:
 *
 *   ops alone     two ops on disjoint functions, then a third sharing one
 *                 of them: what each callback saw, how often the list
 *                 function ran, the ops' trampolines freed afterwards
 *   ops flags     FTRACE_OPS_FL_SAVE_REGS refused, ..._IF_SUPPORTED not
 *   ops direct    a direct trampoline (arch/<arch>/tests/direct_tramp.S)
 *                 alone on a function, then with an ordinary ops on it too,
 *                 then modified to a second trampoline
 *   ops toggle    the direct call on and off 1,000 times while 8 threads
 *                 call the function and check its result
 *   ops redirect  an IPMODIFY ops sends a function to its "patched" copy
 *                 and back, 200 times, while 4 threads call it (each
 *                 result one or the other); a second such ops on that
 *                 function is refused with -EBUSY
 *
 * Each mode prints what it found, one fact a line, for the test to
 * compare; the exit status is 3 (the test sees it unchanged).
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <linux/ftrace.h>

#define noinline __attribute__((noipa))

noinline long fa_one(long x) { return x + 1; }
noinline long fa_two(long x) { return x + 2; }
noinline long fb_one(long x) { return x + 3; }
noinline long fd(long x) { return 2 * x + 1; }
noinline long orig(long x) { return x + 7; }
noinline long patched(long x) { return x * 7; }
noinline long other(long x) { return x - 1; }

/* the site is at the function's entry, or a few instructions in */
static int notrace near(unsigned long ip, void *fn)
{
	unsigned long f = ftrace_sym_addr(fn);

	return ip >= f && ip - f < 16;
}

struct seen {
	unsigned long	calls, other;
	void		*fn[2];
};

static void notrace count(unsigned long ip, unsigned long parent_ip,
			  struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct seen *s = op->private;

	if (near(ip, s->fn[0]) || (s->fn[1] && near(ip, s->fn[1])))
		__atomic_add_fetch(&s->calls, 1, __ATOMIC_RELAXED);
	else
		__atomic_add_fetch(&s->other, 1, __ATOMIC_RELAXED);
}

static struct seen seen_a = { .fn = { fa_one, fa_two } };
static struct seen seen_b = { .fn = { fb_one } };
static struct seen seen_c = { .fn = { fa_one } };
static struct ftrace_ops ops_a = { .func = count, .private = &seen_a };
static struct ftrace_ops ops_b = { .func = count, .private = &seen_b };
static struct ftrace_ops ops_c = { .func = count, .private = &seen_c };

static int notrace filter(struct ftrace_ops *ops, void *fn, int reset)
{
	return ftrace_set_filter_ip(ops, ftrace_sym_addr(fn), 0, reset);
}

static long notrace calls(int n)
{
	long sum = 0;
	int i;

	for (i = 0; i < n; i++)
		sum += fa_one(i) + fa_two(i) + fb_one(i);
	return sum;
}

static void notrace mode_alone(void)
{
	unsigned long list;
	long want = calls(100);

	if (filter(&ops_a, fa_one, 1) || filter(&ops_a, fa_two, 0) ||
	    filter(&ops_b, fb_one, 1) || filter(&ops_c, fa_one, 1)) {
		printf("filter: %s\n", strerror(errno));
		return;
	}
	register_ftrace_function(&ops_a);
	register_ftrace_function(&ops_b);
	list = ftrace_list_func_calls();
	printf("result %s\n", calls(100) == want ? "same" : "differs");
	list = ftrace_list_func_calls() - list;
	printf("a: %lu calls, %lu others\n", seen_a.calls, seen_a.other);
	printf("b: %lu calls, %lu others\n", seen_b.calls, seen_b.other);
	printf("list alone: %lu\n", list);

	/* fa_one has two ops now: the list serves it, the others stay */
	register_ftrace_function(&ops_c);
	list = ftrace_list_func_calls();
	printf("result %s\n", calls(100) == want ? "same" : "differs");
	list = ftrace_list_func_calls() - list;
	printf("a: %lu calls, %lu others\n", seen_a.calls, seen_a.other);
	printf("b: %lu calls, %lu others\n", seen_b.calls, seen_b.other);
	printf("c: %lu calls, %lu others\n", seen_c.calls, seen_c.other);
	printf("list shared: %lu\n", list);

	unregister_ftrace_function(&ops_c);
	unregister_ftrace_function(&ops_b);
	unregister_ftrace_function(&ops_a);
	printf("result %s\n", calls(100) == want ? "same" : "differs");
	printf("a: %lu calls after\n", seen_a.calls);
	printf("trampolines waiting: %lu\n", ftrace_trampolines_retired());
}

static void notrace mode_flags(void)
{
	struct ftrace_ops regs = { .func = count, .private = &seen_a,
				   .flags = FTRACE_OPS_FL_SAVE_REGS };
	int ret;

	filter(&regs, fa_one, 1);
	ret = register_ftrace_function(&regs);
	printf("SAVE_REGS: %s\n", ret ? strerror(-ret) : "registered");
	regs.flags |= FTRACE_OPS_FL_SAVE_REGS_IF_SUPPORTED;
	ret = register_ftrace_function(&regs);
	printf("SAVE_REGS_IF_SUPPORTED: %s\n",
	       ret ? strerror(-ret) : "registered");
	fa_one(1);
	printf("calls %lu\n", seen_a.calls);
	unregister_ftrace_function(&regs);
	ftrace_free_filter(&regs);
}

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
/* arch/<arch>/tests/direct_tramp.S */
void direct_tramp(void);
void direct_tramp2(void);
extern unsigned long direct_calls, direct_calls2, direct_arg;

static struct ftrace_ops ops_direct;
static struct seen seen_d = { .fn = { fd } };
static struct ftrace_ops ops_d = { .func = count, .private = &seen_d };

static long notrace fd_calls(int n)
{
	long bad = 0;
	int i;

	for (i = 0; i < n; i++)
		bad += fd(i) != 2 * i + 1;
	return bad;
}

static void notrace direct_report(const char *what, long bad)
{
	printf("%s: bad %ld, tramp %lu, tramp2 %lu, arg %lu, ops %lu\n",
	       what, bad, direct_calls, direct_calls2, direct_arg,
	       seen_d.calls);
	direct_calls = direct_calls2 = direct_arg = seen_d.calls = 0;
}

static void notrace mode_direct(void)
{
	unsigned long tramp = ftrace_sym_addr(direct_tramp);
	unsigned long tramp2 = ftrace_sym_addr(direct_tramp2);
	int ret;

	ret = register_ftrace_direct(&ops_direct, tramp);
	printf("no filter: %s\n", strerror(-ret));
	filter(&ops_direct, fd, 1);
	filter(&ops_d, fd, 1);
	ret = register_ftrace_direct(&ops_direct, tramp);
	printf("register: %d\n", ret);
	direct_report("alone", fd_calls(100));
	register_ftrace_function(&ops_d);
	direct_report("with an ops", fd_calls(100));
	ret = modify_ftrace_direct(&ops_direct, tramp2);
	printf("modify: %d\n", ret);
	direct_report("modified", fd_calls(100));
	unregister_ftrace_function(&ops_d);
	direct_report("alone again", fd_calls(100));
	ret = unregister_ftrace_direct(&ops_direct, tramp, 1);
	printf("unregister the old address: %s\n", strerror(-ret));
	ret = unregister_ftrace_direct(&ops_direct, tramp2, 1);
	printf("unregister: %d\n", ret);
	direct_report("gone", fd_calls(100));
}

#define NR_FD_THREADS	8
static int stop;
static long toggle_bad;

static void *notrace fd_thread(void *arg)
{
	long i = 0, bad = 0;

	while (!__atomic_load_n(&stop, __ATOMIC_RELAXED)) {
		bad += fd(i) != 2 * i + 1;
		/*
		 * 8 threads that never yield leave the switching thread
		 * little of 2 CPUs under an emulator; between calls, a
		 * yield changes nothing the test looks at
		 */
		if (!(++i & 63))
			sched_yield();
	}
	__atomic_add_fetch(&toggle_bad, bad, __ATOMIC_RELAXED);
	return NULL;
}

static void notrace mode_toggle(void)
{
	unsigned long tramp = ftrace_sym_addr(direct_tramp);
	pthread_t t[NR_FD_THREADS];
	int i, failed = 0, missed = 0, extra = 0;

	filter(&ops_direct, fd, 1);
	for (i = 0; i < NR_FD_THREADS; i++)
		pthread_create(&t[i], NULL, fd_thread, NULL);
	for (i = 0; i < 1000; i++) {
		unsigned long n;

		failed += register_ftrace_direct(&ops_direct, tramp) != 0;
		/* this thread's own call goes through the trampoline */
		n = __atomic_load_n(&direct_calls, __ATOMIC_RELAXED);
		missed += fd(i) != 2 * i + 1 ||
			  __atomic_load_n(&direct_calls, __ATOMIC_RELAXED) == n;
		failed += unregister_ftrace_direct(&ops_direct, tramp, 0) != 0;
		n = __atomic_load_n(&direct_calls, __ATOMIC_RELAXED);
		fd(i);
		extra += __atomic_load_n(&direct_calls, __ATOMIC_RELAXED) != n;
	}
	__atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
	for (i = 0; i < NR_FD_THREADS; i++)
		pthread_join(t[i], NULL);
	printf("toggled 1000 times: %d failed, %ld bad results\n", failed,
	       toggle_bad);
	/* (another thread's call may count while this one is off) */
	printf("missed while on: %d, counted while off: %s\n", missed,
	       extra < 1000 ? "fewer than all" : "all");
}
#else
static void mode_direct(void)
{
	printf("no direct calls on this arch\n");
}

static void mode_toggle(void)
{
	mode_direct();
}
#endif

static void notrace redirect(unsigned long ip, unsigned long parent_ip,
			     struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	ftrace_regs_set_instruction_pointer(fregs, ftrace_sym_addr(patched));
}

static struct ftrace_ops ops_r = { .func = redirect,
				   .flags = FTRACE_OPS_FL_IPMODIFY };
static struct ftrace_ops ops_r2 = { .func = redirect,
				    .flags = FTRACE_OPS_FL_IPMODIFY };
static unsigned long saw_bad;

static void *notrace orig_thread(void *arg)
{
	unsigned long b = 0;
	long i = 0, r;

	while (!__atomic_load_n(&stop, __ATOMIC_RELAXED)) {
		r = orig(i);
		b += r != i + 7 && r != i * 7;
		if (!(++i & 63))
			sched_yield();
	}
	__atomic_add_fetch(&saw_bad, b, __ATOMIC_RELAXED);
	return NULL;
}

static void notrace mode_redirect(void)
{
	pthread_t t[4];
	int i, ret, failed = 0, wrong = 0;

	filter(&ops_r, orig, 1);
	filter(&ops_r2, orig, 1);
	ret = register_ftrace_function(&ops_r);
	printf("redirect: %d, orig(6) = %ld\n", ret, orig(6));
	ret = register_ftrace_function(&ops_r2);
	printf("a second on orig: %s\n", strerror(-ret));
	filter(&ops_r2, other, 1);
	ret = register_ftrace_function(&ops_r2);
	printf("a second on other: %d, other(6) = %ld\n", ret, other(6));
	ret = filter(&ops_r2, orig, 0);
	printf("adding orig to it: %s, other(6) = %ld\n", strerror(-ret),
	       other(6));
	unregister_ftrace_function(&ops_r2);
	unregister_ftrace_function(&ops_r);
	printf("after: orig(6) = %ld\n", orig(6));

	for (i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, orig_thread, NULL);
	for (i = 0; i < 200; i++) {
		failed += register_ftrace_function(&ops_r) != 0;
		wrong += orig(i) != i * 7;
		failed += unregister_ftrace_function(&ops_r) != 0;
		wrong += orig(i) != i + 7;
	}
	__atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
	for (i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	printf("redirected 200 times: %d failed, %d wrong here, "
	       "%lu bad results in the threads\n", failed, wrong, saw_bad);
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		void (*fn)(void);
	} modes[] = {
		{ "alone", mode_alone }, { "flags", mode_flags },
		{ "direct", mode_direct }, { "toggle", mode_toggle },
		{ "redirect", mode_redirect },
	};
	unsigned int i;

	for (i = 0; argc == 2 && i < sizeof(modes) / sizeof(modes[0]); i++)
		if (!strcmp(argv[1], modes[i].name)) {
			modes[i].fn();
			return 3;
		}
	fprintf(stderr, "usage: ops alone|flags|direct|toggle|redirect\n");
	return 2;
}
