/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ARM's trap instructions for tests/stage3/src/owntrap.c, in Thumb state
 * as the C library's code is: the kit's own system-call trap
 * (udf #0x5c), udf #1 (which Linux takes as a breakpoint) and bkpt.  Each
 * sets r3 to OWN_TRAP_MAGIC first, so that the handler can see that the
 * context it gets is the trapping code's.
 */
#include <ucontext.h>

#define OWN_TRAP_ASM(name, insn)					\
	__asm__(".text\n"						\
		".syntax unified\n"					\
		".thumb\n"						\
		".globl " #name "\n"					\
		".type " #name ", %function\n"				\
		".thumb_func\n"						\
		#name ":\n"						\
		"	movw	r3, #0x2a5\n"				\
		".globl " #name "_insn\n"				\
		#name "_insn:\n"					\
		"	" insn "\n"					\
		".globl " #name "_next\n"				\
		#name "_next:\n"					\
		"	bx	lr\n"					\
		".size " #name ", . - " #name "\n")

#define OWN_TRAPS(X)						\
	X(own_udf_5c, ".inst.n 0xde5c")				\
	X(own_udf_1, ".inst.n 0xde01")				\
	X(own_bkpt, ".inst.n 0xbe00")

#define OWN_TRAP_MAGIC	0x2a5

static inline unsigned long own_trap_pc(ucontext_t *uc)
{
	return uc->uc_mcontext.arm_pc;
}

static inline void own_trap_set_pc(ucontext_t *uc, unsigned long pc)
{
	uc->uc_mcontext.arm_pc = pc;
}

static inline unsigned long own_trap_reg(ucontext_t *uc)
{
	return uc->uc_mcontext.arm_r3;
}
