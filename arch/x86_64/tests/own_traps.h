/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86_64's trap instructions for tests/stage3/src/owntrap.c: the ones the
 * kit itself uses (int3 for the breakpoint protocol, ud2 for system-call
 * traps) and one it never does ("int $3", two bytes, which the kernel
 * reports exactly as it reports int3: SI_KERNEL, rip after it).
 */

/* X(name, the instruction) */
#define OWN_TRAPS(X)						\
	X(own_int3, ".byte 0xcc")				\
	X(own_int_3, ".byte 0xcd, 0x03")			\
	X(own_ud2, ".byte 0x0f, 0x0b")

/*
 * Each trap function sets a register to OWN_TRAP_MAGIC, traps, returns:
 * the assembler around the trap, and the function's symbol type.
 */
#define OWN_TRAP_MAGIC_INSN	"movl $0x2a5, %eax"
#define OWN_TRAP_RET_INSN	"ret"
#define OWN_TRAP_PRE		""
#define OWN_TRAP_POST		""
#define OWN_TRAP_FUNC_TYPE	"@function"

/* the context's pc and that register, as lvalues */
#define OWN_TRAP_PC(uc)		(uc)->uc_mcontext.gregs[REG_RIP]
#define OWN_TRAP_REG(uc)	(uc)->uc_mcontext.gregs[REG_RAX]
