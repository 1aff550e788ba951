// SPDX-License-Identifier: GPL-2.0
/*
 * Frames that leave the simple nesting of one stack:
 *   coro [N]         three ucontext coroutines, each switching away and
 *                    back again from inside traced frames, N (4) times
 *                    and more, until done
 *   jumploop N       an error-recovery loop: N times, three frames down,
 *                    longjmp back to a setjmp in the loop
 *   sigloop N        N times, a signal handler siglongjmps out of itself
 *                    and two frames
 *   nest             main calls jmp_foo, which longjmps back into main,
 *                    four times; then main calls jmp_bar
 *   tail             tail calls (two entries share one slot and sp), and
 *                    a longjmp out of a tail-called function
 *   altstack M N     a handler on an alternate signal stack (mmap'd right
 *                    above the thread's own stack), N signals, in M
 *                    threads at once (M = 0: the main thread); it calls
 *                    traced functions and returns
 *   altjump M N      the same, but the handler siglongjmps back into a
 *                    traced frame
 * Built traced, the program ends by printing the return stack's counters
 * from the stats file on stderr; built plain (no kit), it prints nothing
 * there.
 */
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>

#define noinline __attribute__((noipa))
#define keep(x) __asm__ volatile("" : "+r" (x))

/* ---- coroutines ---------------------------------------------------------- */

#define NCORO		3
#define CORO_STACK	(64 << 10)

static ucontext_t sched_ctx, coro_ctx[NCORO];
static long coro_sum[NCORO];
static int coro_done[NCORO];
static long coro_rounds = 4;

noinline void co_yield(int id)
{
	swapcontext(&coro_ctx[id], &sched_ctx);
}

noinline long co_step(int id, long i)
{
	long r = i * (id + 1);

	co_yield(id);		/* switch away two traced frames down */
	keep(r);
	return r;
}

noinline long co_work(int id, long i)
{
	long r = co_step(id, i) + 1;

	keep(r);
	return r;
}

/* runs on the coroutine's own stack; returning resumes the scheduler */
noinline void co_body(int id)
{
	long i;

	for (i = 0; i < coro_rounds + id; i++)
		coro_sum[id] += co_work(id, i);
	coro_done[id] = 1;
}

noinline int schedule(void)
{
	int left = NCORO, switches = 0, id;

	while (left) {
		for (id = 0; id < NCORO; id++) {
			if (coro_done[id])
				continue;
			swapcontext(&sched_ctx, &coro_ctx[id]);
			switches++;
			if (coro_done[id])
				left--;
		}
	}
	return switches;
}

static int coro_main(void)
{
	int id, n;

	for (id = 0; id < NCORO; id++) {
		getcontext(&coro_ctx[id]);
		coro_ctx[id].uc_stack.ss_sp = malloc(CORO_STACK);
		coro_ctx[id].uc_stack.ss_size = CORO_STACK;
		coro_ctx[id].uc_link = &sched_ctx;
		makecontext(&coro_ctx[id], (void (*)(void))co_body, 1, id);
	}
	n = schedule();
	printf("coro: %d switches, sums %ld %ld %ld\n", n, coro_sum[0],
	       coro_sum[1], coro_sum[2]);
	return 0;
}

/* ---- longjmp in loops ---------------------------------------------------- */

static jmp_buf jb;
static sigjmp_buf sjb;

noinline void fail_c(long i) { longjmp(jb, 1 + (i & 1)); }
noinline long fail_b(long i) { fail_c(i); keep(i); return i; }
noinline long fail_a(long i) { long r = fail_b(i); keep(r); return r; }

noinline long recover_loop(long n)
{
	volatile long i, odd = 0;

	for (i = 0; i < n; i++)
		if (setjmp(jb) == 0)
			fail_a(i);
		else
			odd += i & 1;
	return odd;
}

noinline void on_usr1(int sig)
{
	siglongjmp(sjb, sig);
}

noinline long raise_b(long i) { raise(SIGUSR1); keep(i); return i; }
noinline long raise_a(long i) { long r = raise_b(i); keep(r); return r; }

noinline long sig_loop(long n)
{
	volatile long i, got = 0;

	signal(SIGUSR1, on_usr1);
	for (i = 0; i < n; i++)
		if (sigsetjmp(sjb, 1) == 0)
			raise_a(i);
		else
			got++;
	return got;
}

noinline int after(int x) { keep(x); return x + 1; }

noinline void jmp_inner(int n) { longjmp(jb, n); }
noinline void jmp_foo(int n) { jmp_inner(n); keep(n); }
noinline int jmp_bar(int n) { keep(n); return n * 2; }

noinline long tail_g(long x)
{
	if (x < 0)
		longjmp(jb, 1);
	keep(x);
	return x * 3;
}

/* gcc -O2 turns this call into a jump, even with -pg */
noinline long tail_f(long x) { return tail_g(x + 1); }

noinline long tail_loop(void)
{
	volatile long sum = 0, i;

	for (i = -3; i < 3; i++)
		if (setjmp(jb) == 0)
			sum += tail_f(i);
		else
			sum += 100;
	return sum;
}

/* ---- alternate signal stacks --------------------------------------------- */

#define THREAD_STACK	(256 << 10)
#define ALT_STACK	(64 << 10)

struct alt_thread {
	int		jump, signals, handled;
	long		sum;
	sigjmp_buf	env;
	char		*mem;		/* thread stack, alt stack above */
};

static __thread struct alt_thread *self;

noinline long alt_leaf(long x) { keep(x); return x + 3; }
noinline long alt_b(long x) { long r = alt_leaf(x) * 2; keep(r); return r; }
noinline long alt_a(long x) { long r = alt_b(x) + 1; keep(r); return r; }

noinline void on_alt(int sig)
{
	struct alt_thread *t = self;
	stack_t ss;

	/* prove where we run: on the alternate stack */
	sigaltstack(NULL, &ss);
	if (!(ss.ss_flags & SS_ONSTACK))
		abort();
	t->sum += alt_a(t->handled++);
	if (t->jump)
		siglongjmp(t->env, 1);
}

noinline long alt_wait(long i) { raise(SIGUSR2); keep(i); return i; }
noinline long alt_call(long i) { long r = alt_wait(i); keep(r); return r; }

noinline void alt_loop(struct alt_thread *t)
{
	volatile int i;
	stack_t ss = {
		.ss_sp = t->mem + THREAD_STACK,
		.ss_size = ALT_STACK,
	};

	self = t;
	if (sigaltstack(&ss, NULL))
		abort();
	for (i = 0; i < t->signals; i++)
		if (!t->jump || sigsetjmp(t->env, 1) == 0)
			alt_call(i);
}

static void *alt_thread_fn(void *arg)
{
	alt_loop(arg);
	return NULL;
}

static int alt_main(int jump, int threads, int signals)
{
	struct sigaction sa;
	struct alt_thread t[8];
	pthread_t tid[8];
	pthread_attr_t attr;
	int i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alt;
	sa.sa_flags = SA_ONSTACK;
	sigaction(SIGUSR2, &sa, NULL);
	if (threads > 8)
		threads = 8;
	for (i = 0; i < (threads ? threads : 1); i++) {
		memset(&t[i], 0, sizeof(t[i]));
		t[i].jump = jump;
		t[i].signals = signals;
		t[i].mem = mmap(NULL, THREAD_STACK + ALT_STACK,
				PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (t[i].mem == MAP_FAILED)
			return 1;
	}
	if (!threads) {
		alt_loop(&t[0]);
		threads = 1;
	} else {
		for (i = 0; i < threads; i++) {
			pthread_attr_init(&attr);
			pthread_attr_setstack(&attr, t[i].mem, THREAD_STACK);
			pthread_create(&tid[i], &attr, alt_thread_fn, &t[i]);
			pthread_attr_destroy(&attr);
		}
		for (i = 0; i < threads; i++)
			pthread_join(tid[i], NULL);
	}
	for (i = 0; i < threads; i++)
		printf("alt %d: %d handled, sum %ld\n", i, t[i].handled,
		       t[i].sum);
	return 0;
}

/* the kit's, when there is one (include/tracefs.h) */
extern int tracefs_read(const char *file, char *buf, size_t len)
	__attribute__((weak));

/*
 * not traced itself: the trees the tests compare end before it (the first
 * attribute takes -pg's site away, the second the patchable entry of
 * chapter 8)
 */
__attribute__((no_instrument_function, patchable_function_entry(0, 0)))
static int report_stats(int status)
{
	static const char *const keys[] = {
		"graph-overrun: ", "graph-skipped: ",
	};
	char st[2048], *o;
	unsigned int i;

	if (!tracefs_read || tracefs_read("stats", st, sizeof(st)))
		return status;
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if ((o = strstr(st, keys[i])))
			fprintf(stderr, "%.*s\n", (int)strcspn(o, "\n"), o);
	return status;
}

int main(int argc, char **argv)
{
	const char *what = argc > 1 ? argv[1] : "";
	long n = argc > 2 ? atol(argv[2]) : 0;
	int m = argc > 3 ? atoi(argv[3]) : 0;

	if (!strcmp(what, "coro")) {
		if (n > 0)
			coro_rounds = n;
		return report_stats(coro_main());
	}
	if (!strcmp(what, "jumploop")) {
		printf("recovered %ld times, %ld odd, then %d\n", n,
		       recover_loop(n), after(1));
	} else if (!strcmp(what, "sigloop")) {
		printf("%ld handlers jumped, then %d\n", sig_loop(n), after(1));
	} else if (!strcmp(what, "nest")) {
		volatile int r = setjmp(jb);

		if (r < 4)
			jmp_foo(r + 1);
		printf("bar %d\n", jmp_bar(r));
	} else if (!strcmp(what, "tail")) {
		printf("tail %ld, then %d\n", tail_loop(), after(1));
	} else if (!strcmp(what, "altstack") || !strcmp(what, "altjump")) {
		return report_stats(alt_main(what[3] == 'j', n, m));
	} else {
		return 2;
	}
	return report_stats(0);
}
