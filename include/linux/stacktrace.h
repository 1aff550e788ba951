/* SPDX-License-Identifier: GPL-2.0 */
/*
 * STACKTRACE_SUPPORT: the arch's save_stack_trace() and what it may use.
 */
#ifndef _LINUX_STACKTRACE_H
#define _LINUX_STACKTRACE_H

struct stack_trace {
	unsigned int	nr_entries;
	unsigned int	max_entries;
	unsigned long	*entries;	/* return addresses, innermost first */
	unsigned int	skip;		/* frames to leave out at the top */
};

/* Arch hook: the return addresses of the caller's call chain. */
void save_stack_trace(struct stack_trace *trace);

/*
 * Is addr inside the program's own code?  An unwinder follows a frame only
 * while its return address is: the program is built with frame pointers,
 * the C library is not, so a frame pointer found in a library frame is
 * not to be trusted (the kernel's kernel_text_address() test).
 */
static inline int core_text_address(unsigned long addr)
{
	extern const char __executable_start[], etext[];

	return addr >= (unsigned long)__executable_start &&
	       addr < (unsigned long)etext;
}

/* Record one return address; nonzero when the trace is full. */
static inline int stack_trace_add(struct stack_trace *trace,
				  unsigned long addr)
{
	if (trace->skip) {
		trace->skip--;
		return 0;
	}
	trace->entries[trace->nr_entries++] = addr;
	return trace->nr_entries >= trace->max_entries;
}

#endif
