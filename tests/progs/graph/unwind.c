// SPDX-License-Identifier: GPL-2.0
/*
 * Unwinders walking through hijacked frames must see what they see
 * untraced (the test builds this file traced and plain, with and without
 * -fexceptions, and compares the output):
 *   backtrace    backtrace() three frames deep: count and names
 *   exit         pthread_exit() three frames deep, a cleanup handler in
 *                each frame
 *   cancel       pthread_cancel() of a thread blocked in pause() three
 *                frames deep, a cleanup handler in each frame
 *   testcancel   the same, acted upon in pthread_testcancel()
 *   raise        _Unwind_RaiseException() three frames deep, with no
 *                handler anywhere: the search walks the whole stack and
 *                returns, and the frames return as usual
 */
#include <execinfo.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <unwind.h>

#define noinline __attribute__((noipa))
#define keep(x) __asm__ volatile("" : "+r" (x))

noinline int bt_c(int x);
noinline int bt_b(int x);
noinline int bt_a(int x);

int main(int argc, char **argv);

/* The program's functions, to name the frames backtrace() returns. */
static const struct {
	void *fn;
	const char *name;
} funcs[] = {
	{ (void *)bt_c, "bt_c" }, { (void *)bt_b, "bt_b" },
	{ (void *)bt_a, "bt_a" }, { (void *)main, "main" },
};

static const char *frame_name(void *pc)
{
	const char *best = "-";
	unsigned long d = 4096, i;

	for (i = 0; i < sizeof(funcs) / sizeof(funcs[0]); i++) {
		unsigned long off = (char *)pc - (char *)funcs[i].fn;

		if (off < d) {
			d = off;
			best = funcs[i].name;
		}
	}
	return best;
}

noinline int bt_c(int x)
{
	void *pcs[64];
	int i, n = backtrace(pcs, 64);

	/*
	 * The frames up to main are the program's; beyond it, the C
	 * library's and the start code, whose distance from main is the
	 * link's business: counted, not named.
	 */
	printf("%d frames:", n);
	for (i = 0; i < n; i++) {
		printf(" %s", frame_name(pcs[i]));
		if (!strcmp(frame_name(pcs[i]), "main"))
			break;
	}
	printf("\n");
	return x + n;
}
noinline int bt_b(int x) { int r = bt_c(x); keep(r); return r; }
noinline int bt_a(int x) { int r = bt_b(x); keep(r); return r; }

static char order[64];
static volatile int ready;
static int testcancel;

noinline void cleanup(void *name)
{
	strcat(order, name);
	strcat(order, " ");
}

noinline void block_here(void)
{
	ready = 1;
	for (;;) {
		if (testcancel)
			pthread_testcancel();
		else
			pause();
	}
}

noinline void th_c(int how)
{
	pthread_cleanup_push(cleanup, "c");
	if (how == 0)
		pthread_exit((void *)7L);
	block_here();
	pthread_cleanup_pop(0);
}

noinline int th_b(int how)
{
	int r = how;

	pthread_cleanup_push(cleanup, "b");
	th_c(how);
	keep(r);
	pthread_cleanup_pop(0);
	return r;
}

noinline void *th_a(void *arg)
{
	long r = (long)arg;

	pthread_cleanup_push(cleanup, "a");
	r = th_b(r);
	pthread_cleanup_pop(0);
	return (void *)r;
}

noinline int after(int x) { keep(x); return x + 1; }

noinline int rs_c(int x)
{
	static struct _Unwind_Exception exc;

	memcpy(&exc.exception_class, "KIT\0TEST", 8);
	/*
	 * Only whether the search returned, and if it said "end of stack":
	 * AArch64's libgcc 12 returns the exception object's address there,
	 * which differs between two builds of this program.
	 */
	printf("raise: returned%s\n",
	       _Unwind_RaiseException(&exc) == _URC_END_OF_STACK ?
	       ", end of stack" : "");
	return x + 1;
}
noinline int rs_b(int x) { int r = rs_c(x) * 2; keep(r); return r; }
noinline int rs_a(int x) { int r = rs_b(x) + 3; keep(r); return r; }

int main(int argc, char **argv)
{
	const char *what = argc > 1 ? argv[1] : "";
	pthread_t t;
	void *ret;

	if (!strcmp(what, "backtrace")) {
		printf("then %d\n", after(bt_a(1) > 1));
		return 0;
	}
	if (!strcmp(what, "raise")) {
		printf("returned %d, then %d\n", rs_a(1), after(1));
		return 0;
	}
	if (!strcmp(what, "exit")) {
		pthread_create(&t, NULL, th_a, (void *)0L);
	} else if (!strcmp(what, "cancel") || !strcmp(what, "testcancel")) {
		testcancel = what[0] == 't';
		pthread_create(&t, NULL, th_a, (void *)1L);
		while (!ready)
			usleep(1000);
		pthread_cancel(t);
	} else {
		return 2;
	}
	pthread_join(t, &ret);
	printf("cleanups: %sreturned %s, then %d\n", order,
	       ret == PTHREAD_CANCELED ? "canceled" : ret == (void *)7L ?
	       "7" : "?", after(1));
	return 0;
}
