/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The arch's trap instructions (arch/<arch>/tests/own_traps.h) as
 * functions of the test program's own: name() sets a register to
 * OWN_TRAP_MAGIC, executes the instruction at name_insn, and returns from
 * name_next (tests/stage3/src/owntrap.c, heldsig.c).
 */
#ifndef OWN_TRAP_FN_H
#define OWN_TRAP_FN_H

#include "own_traps.h"

#define OWN_TRAP_MAGIC	0x2a5

#define OWN_TRAP_ASM(name, insn)					\
	__asm__(".text\n"						\
		OWN_TRAP_PRE "\n"					\
		".globl " #name "\n"					\
		".type " #name ", " OWN_TRAP_FUNC_TYPE "\n"		\
		#name ":\n"						\
		"	" OWN_TRAP_MAGIC_INSN "\n"			\
		".globl " #name "_insn\n"				\
		#name "_insn:\n"					\
		"	" insn "\n"					\
		".globl " #name "_next\n"				\
		#name "_next:\n"					\
		"	" OWN_TRAP_RET_INSN "\n"				\
		OWN_TRAP_POST "\n"					\
		".size " #name ", . - " #name "\n")

#define OWN_TRAP_DECLARE(name, insn)			\
	void name(void);				\
	extern const char name##_insn[], name##_next[];	\
	OWN_TRAP_ASM(name, insn);
OWN_TRAPS(OWN_TRAP_DECLARE)

#endif
