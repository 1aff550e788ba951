/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kernel_fpu_call(fn, arg): the one door from the event path to code that
 * may use floating-point or vector registers (linux/event_path.h).
 *
 * EXERCISE(2): chapter 1, "The event path never touches a vector
 * register" (docs/01-function-tracer.md, 1.3).  Save the registers
 * that may carry the traced function's float and vector arguments and
 * results, and the FP status register, call fn(arg), restore them and
 * return fn's result.  Say here which registers and why (the ABI's
 * argument, result and callee-saved sets).  Proven by
 * tests/stage1/test_abi.sh (tests/progs/abi.c: float arguments and
 * results, and the FP flags of tests/fp_flags.h).
 */
