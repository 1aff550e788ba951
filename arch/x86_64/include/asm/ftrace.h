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
 */
struct ftrace_regs {
	unsigned long	r10, r9, r8, rcx, rdx, rsi, rdi, rax;
};

/* Argument n (from 0) of the traced function, if it is a register one. */
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
	return 0;
}
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
void mcount(void);
#define MCOUNT_ADDR		((unsigned long)mcount)
#define X86_PIC_SITE_SIZE	6

static inline unsigned long ftrace_call_adjust(unsigned long addr)
{
	return addr;
}

enum x86_site_kind {
	X86_SITE_CALL5,		/* e8 rel32 (the first conversion decides) */
	X86_SITE_PIC6,		/* ff 15 disp32, or ld's 67 e8 rel32 */
};

struct dyn_arch_ftrace {
	unsigned long	plt;	/* the library's module PLT (0: none) */
	unsigned char	kind;	/* enum x86_site_kind */
};
#endif

#endif
