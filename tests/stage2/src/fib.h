/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Plain calls for the lane's tests (lane.c, lane_gate.c): a recursion
 * with its leaves, in two functions so that -O2 keeps every call
 * (tests/bench/callbench.c).  fib_a(n) makes 2 * fib(n + 1) - 1 calls.
 */
#ifndef FIB_H
#define FIB_H

#define noinline __attribute__((noipa))

noinline long fib_b(int n);

noinline long fib_a(int n)
{
	return n < 2 ? n : fib_b(n - 1) + fib_b(n - 2);
}

noinline long fib_b(int n)
{
	return n < 2 ? n : fib_a(n - 1) + fib_a(n - 2);
}

#endif
