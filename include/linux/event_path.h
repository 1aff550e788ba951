/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The event path: everything a traced call runs through, from the arch's
 * mcount, ftrace_caller, ftrace_graph_caller and return_to_handler to the
 * tracers' callbacks, the return stack, the ring buffer's reserve and
 * commit, and the clock.
 *
 * The kernel's rule for it, kept here: it never touches a floating-point
 * or vector register.  The runtime is compiled without them (the arch's
 * CC_FLAGS_NO_FPU, arch/<arch>/arch.mk), so the trampolines need not save
 * the traced function's vector and floating-point arguments or its
 * floating-point return value: nothing on the way can change them.  They
 * save the integer argument registers and nothing else.
 *
 * Event-path functions live in their own section, so that the rule can be
 * checked on the objects (scripts/check-event-path, run by "make check"):
 * no instruction there names a floating-point or vector register, and
 * every direct call from there lands there.  An indirect call is to an
 * ftrace_ops or fgraph callback, which is itself __event_path.
 *
 * The few things a traced call must sometimes do that need the C library
 * (a thread's first event claims a buffer; a table is cleared; stderr is
 * written) are slow paths outside the section, and the event path reaches
 * them only through kernel_fpu_call(): as the kernel brackets its own use
 * of the FPU with kernel_fpu_begin() and kernel_fpu_end(), it saves the
 * whole floating-point and vector state the traced function may have live,
 * calls, and puts it back.  A slow path takes and returns a pointer.
 */
#ifndef _LINUX_EVENT_PATH_H
#define _LINUX_EVENT_PATH_H

/* the section's name, spelled here only (scripts/check-event-path aside) */
#define EVENT_PATH_SECTION	.text.event_path
#define __event_path_str1(x)	#x
#define __event_path_str(x)	__event_path_str1(x)

#ifdef __ASSEMBLY__

/* the trampolines' section ("%" spells the type on every arch's gas) */
#define EVENT_PATH_TEXT	.section EVENT_PATH_SECTION, "ax", %progbits

#else

#define __event_path \
	__attribute__((section(__event_path_str(EVENT_PATH_SECTION))))
/* the same section, for a function written in a top-level asm() */
#define EVENT_PATH_TEXT_ASM \
	".section " __event_path_str(EVENT_PATH_SECTION) ", \"ax\", %progbits\n"

/*
 * fn(arg), with the floating-point and vector state around it kept: what
 * the traced function has in its argument and return registers, the
 * control and status registers (arch/<arch>/fpu.S).  Only for slow paths:
 * it costs what saving the whole state costs.
 */
void *kernel_fpu_call(void *(*fn)(void *), void *arg);

#endif /* __ASSEMBLY__ */
#endif
