/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_X86_64_FTRACE_H
#define _ASM_X86_64_FTRACE_H

/*
 * gcc -pg -fno-pie calls mcount with "e8 <rel32>": selfpc (the call site,
 * what the trace names) is the return address minus these 5 bytes.
 */
#define MCOUNT_INSN_SIZE	5
/* ftraced's "jmp over the site" form, eb 03 (arch/x86_64/ftrace.c) */
#define ARCH_SUPPORTS_FTRACE_JMP	1

/* The DWARF column of the return address (%rip), for unwinders (chapter 2). */
#define FTRACE_RA_COLUMN	16

#ifndef __ASSEMBLY__
/*
 * The tracer's fregs: the traced function's integer argument registers as
 * mcount saved them (SAVE_ARGS, asm/mcount_frame.h), lowest address first.
 * Chapter 8's trampoline (fentry.S) has two more words: fp, %rbp on entry
 * (the caller's frame), and ip, where it returns into (a callback that
 * changes it redirects the call).  They are the trampoline's own frame
 * record, the %rbp it pushed and above it the return address its call
 * pushed; the word above ip is the traced function's return address,
 * where its stack pointer was on entry (its arguments past the sixth
 * above that): the struct needs no sp of its own.
 */
struct ftrace_regs {
	unsigned long	r10, r9, r8, rcx, rdx, rsi, rdi, rax;
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
	unsigned long	direct;		/* ftrace_caller's way out, or 0 */
	unsigned long	fp, ip;
#endif
};

/*
 * Argument n (from 0) of the traced function: a register one, or at stage
 * 5, where the entry's stack pointer is known, one the ABI passes on the
 * stack (the seventh is just above the return address).
 */
static inline unsigned long ftrace_regs_get_argument(struct ftrace_regs *fregs,
						     unsigned int n)
{
	switch (n) {
	case 0: return fregs->rdi;
	case 1: return fregs->rsi;
	case 2: return fregs->rdx;
	case 3: return fregs->rcx;
	case 4: return fregs->r8;
	case 5: return fregs->r9;
	}
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
	return (&fregs->ip)[n - 4];
#else
	return 0;
#endif
}

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
static inline unsigned long
ftrace_regs_get_stack_pointer(struct ftrace_regs *fregs)
{
	return (unsigned long)(&fregs->ip + 1);
}

static inline unsigned long
ftrace_regs_get_instruction_pointer(struct ftrace_regs *fregs)
{
	return fregs->ip;
}

/* Where the trampoline returns to: another function's entry redirects. */
static inline void
ftrace_regs_set_instruction_pointer(struct ftrace_regs *fregs,
				    unsigned long ip)
{
	fregs->ip = ip;
}

static inline unsigned long
ftrace_regs_get_frame_pointer(struct ftrace_regs *fregs)
{
	return fregs->fp;
}

/*
 * A direct ops' callback (stage5-entry/ftrace_direct.c): ftrace_caller
 * goes to addr once the callbacks are done, with the registers as the
 * site left them (the kernel's x86 uses pt_regs' orig_ax for this).
 */
static inline void arch_ftrace_set_direct_caller(struct ftrace_regs *fregs,
						 unsigned long addr)
{
	fregs->direct = addr;
}

/*
 * Chapter 8: each ops registered alone on its functions gets a copy of
 * fentry.S's ftrace_ops_caller (ftrace.c), as in the kernel's x86; a
 * return address inside a live copy is a callback's (stacktrace.c).
 */
struct ftrace_ops;
#define arch_ftrace_update_trampoline arch_ftrace_update_trampoline
void arch_ftrace_update_trampoline(struct ftrace_ops *ops);
void arch_ftrace_trampoline_free(unsigned long start, unsigned long size);
int ftrace_trampoline_ret(unsigned long ret);

/*
 * %rax as the trampoline saved it.  At the entry that is a varargs
 * call's count of vector registers, not a result: the kernel reads it in
 * return handlers that are given a struct ftrace_regs; the kit's graph
 * tracer gets the return value from return_to_handler instead
 * (struct ftrace_graph_ret's retval).
 */
static inline unsigned long
ftrace_regs_get_return_value(struct ftrace_regs *fregs)
{
	return fregs->rax;
}
#endif
#endif

#if defined(CONFIG_DYNAMIC_FTRACE) && !defined(__ASSEMBLY__)
/*
 * Chapter 4.  The site gcc emits is the call itself, and the __mcount_loc
 * table (recordmcount) holds the address of its first byte: rec->ip is
 * the address to patch, nothing to adjust.  -fno-pie code calls mcount
 * with the 5-byte "e8 rel32"; -fPIC code (a shared library) and -fPIE
 * code (a PIE) with the 6-byte "ff 15 disp32" through the GOT, which ld
 * makes "67 e8 rel32" where mcount is in the same link
 * (arch/x86_64/ftrace.c).
 */
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
/*
 * Chapter 8: what -mfentry sites call, and what recordmcount --nop makes
 * them: the NOP of the call's length, 5 bytes, or 6 for
 * position-independent code's call through the GOT.  The same site
 * shapes as chapter 4's, one instruction earlier in the function.  The
 * program's start-up reads none of them (FTRACE_SITES_READY): which NOP
 * a site has says its length (arch/x86_64/ftrace.c); a library's first
 * look leaves a NOP as it is.
 */
void __fentry__(void);
#define MCOUNT_ADDR		((unsigned long)__fentry__)
#define FTRACE_SITES_READY	1
#define ftrace_init_nop		ftrace_init_nop
struct module;
struct dyn_ftrace;
int ftrace_init_nop(struct module *mod, struct dyn_ftrace *rec);
#else
void mcount(void);
#define MCOUNT_ADDR		((unsigned long)mcount)
#endif
#define X86_PIC_SITE_SIZE	6

static inline unsigned long ftrace_call_adjust(unsigned long addr)
{
	return addr;
}

/*
 * Nothing: a site's shape is in its own first byte, and a library's
 * module PLT is found by the site's address (arch/x86_64/ftrace.c), as
 * in the kernel's x86, whose struct is empty too.  A record is the two
 * words of struct dyn_ftrace.
 */
struct dyn_arch_ftrace {
};
#endif

#endif
