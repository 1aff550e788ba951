// SPDX-License-Identifier: GPL-2.0
/*
 * System-call events (HAVE_SYSCALL_TRACEPOINTS; docs/07-syscalls.md): the
 * generic half of the kernel's kernel/trace/trace_syscalls.c.
 *
 * The kernel's entry code sees TIF_SYSCALL_TRACEPOINT (on generic-entry
 * arches SYSCALL_WORK_SYSCALL_TRACEPOINT, since v5.11) and calls
 * trace_sys_enter() before the call and trace_sys_exit() after it; here
 * the trap of a patched site (syscall_trap.c) calls ftrace_syscall_enter()
 * and ftrace_syscall_exit().  Each records, when its event is enabled, an
 * entry the trace prints as the kernel does:
 *
 *	prog-1234 [000] .....  1.000: sys_openat(dfd: ffffff9c, filename:
 *			7ffc1c0e, flags: 0, mode: 0)
 *	prog-1234 [000] .....  1.000: sys_openat -> 0x3
 *
 * (one line each; the values in hex, as the kernel's "%lx").  The events
 * have the kernel's tracefs names: events/syscalls/enable,
 * events/syscalls/sys_enter_<name>/enable (and sys_exit_), set_event
 * ("syscalls:sys_enter_openat", "syscalls:*", "!..." to remove) and
 * available_events.  They do not depend on a function tracer: every
 * tracer prints them, the graph tracer as comments among its calls.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <asm/syscall.h>
#include <asm/trace_clock.h>
#include <asm/unistd.h>
#include <linux/fork_lock.h>
#include <linux/glob.h>
#include <linux/hardirq.h>
#include <linux/init.h>
#include <linux/ring_buffer.h>
#include <linux/trace.h>
#include <linux/trace_output.h>
#include <linux/tracefs.h>
#include <trace/syscall.h>

#define NR_IDS	(NR_syscalls - SYSCALL_NR_FIRST)

/*
 * The kernel's names of the parameters, by call name: the arch's list
 * (asm/syscall_args.h, for an arch that has calls of its own or names
 * some otherwise) before the generic one (syscall_args.h), so that the
 * arch's entry for a name is the one found.
 */
struct sc_args {
	const char	*name;
	const char	*args[6];
};

#define SC(name, ...)	{ #name, { __VA_ARGS__ } },
static const struct sc_args syscall_args[] = {
#if __has_include(<asm/syscall_args.h>)
#include <asm/syscall_args.h>
#endif
#include "syscall_args.h"
};
#undef SC

#define NR_ARGS	(sizeof(syscall_args) / sizeof(syscall_args[0]))

static const char *const syscall_names[NR_IDS] = {
#define SYSCALL_NAME(nr, name)	[(nr) - SYSCALL_NR_FIRST] = name,
#include <asm/unistd_names.h>
#undef SYSCALL_NAME
};

static struct syscall_metadata syscall_meta[NR_IDS];

/*
 * enabled events, one word per number: bit 0 sys_enter, bit 1 sys_exit
 * (a word: some arches have no atomic OR of a byte and gcc calls
 * libatomic for it, riscv64 among them)
 */
#define SC_ENTER	1
#define SC_EXIT		2
static unsigned int sc_enabled[NR_IDS];

/*
 * The list by name: an open-addressed hash table of indices into
 * syscall_args[] (each plus one: 0 is a free slot), at most half full.
 * Every traced process builds it at start-up, under qemu too, and looks
 * each of some 450 numbers up in it: searching the list from the start
 * for each number cost 2.5 ms a process under qemu-user here, the table
 * 0.4 ms (0.3 ms and 0.03 ms natively).
 */
#define ARGS_HASH	1024
_Static_assert(2 * NR_ARGS <= ARGS_HASH, "syscall_args.h outgrew ARGS_HASH");
static unsigned short args_hash[ARGS_HASH];

static unsigned short *args_slot(const char *name)
{
	unsigned int h = 0;
	unsigned short *p;
	const char *c;

	for (c = name; *c; c++)
		h = h * 31 + (unsigned char)*c;
	for (;; h++) {
		p = &args_hash[h & (ARGS_HASH - 1)];
		if (!*p || !strcmp(syscall_args[*p - 1].name, name))
			return p;
	}
}

static __init_core void syscall_meta_init(void)
{
	const struct sc_args *sa;
	unsigned short *p;
	unsigned int i, a;

	/* the first entry of a name stays: the arch's comes first */
	for (i = 0; i < NR_ARGS; i++) {
		p = args_slot(syscall_args[i].name);
		if (!*p)
			*p = i + 1;
	}
	for (i = 0; i < NR_IDS; i++) {
		struct syscall_metadata *m = &syscall_meta[i];

		m->name = syscall_names[i];
		/* a number the kernel names nothing for: arg0..arg5 */
		m->nb_args = 6;
		for (a = 0; a < 6; a++)
			m->args[a] = NULL;
		if (!m->name || !*(p = args_slot(m->name)))
			continue;
		sa = &syscall_args[*p - 1];
		for (a = 0; a < 6 && sa->args[a]; a++)
			m->args[a] = sa->args[a];
		m->nb_args = a;
	}
}

const struct syscall_metadata *syscall_nr_to_meta(long nr)
{
	if (nr < SYSCALL_NR_FIRST || nr >= NR_syscalls ||
	    !syscall_meta[nr - SYSCALL_NR_FIRST].name)
		return NULL;
	return &syscall_meta[nr - SYSCALL_NR_FIRST];
}

/*
 * Is the event on, and is it the program's call?  The kit's own calls
 * (in_kit_work(), or made inside its critical sections: local_irq_save(),
 * a ring claimed or retired, its lock held) are not: the kernel never
 * shows its tracer's work as the task's, and recording one there would
 * take that lock again.
 */
static int sc_wanted(long nr, int which)
{
	if (!__atomic_load_n(&tracing_on, __ATOMIC_RELAXED) || in_kit_work())
		return 0;
	if (nr < SYSCALL_NR_FIRST || nr >= NR_syscalls)
		return 0;
	return __atomic_load_n(&sc_enabled[nr - SYSCALL_NR_FIRST],
			       __ATOMIC_RELAXED) & which;
}

/* ---- recording ------------------------------------------------------------ */

/* One event, as it is recorded. */
struct sc_event {
	uint64_t	ts;
	unsigned int	cpu, ctx;
	int		type;		/* TRACE_SYSCALL_ENTER or _EXIT */
	long		nr, ret;
	unsigned long	args[6];
};

static void sc_write(const struct sc_event *ev)
{
	struct trace_entry *e, *p;
	unsigned long idx;
	unsigned int i, n = ev->type == TRACE_SYSCALL_ENTER ? 3 : 1;

	e = trace_reserve(n, &idx);
	trace_entry_set(e, ev->ts, ev->nr, ev->ret, ev->cpu, 0);
	e->flags = ev->ctx;
	for (i = 0; n > 1 && i < 6; i++) {
		p = trace_slot(idx + 1 + i / 3);
		p->pc[i % 3] = ev->args[i];
		p->type = TRACE_PAYLOAD;
	}
	trace_commit(e, ev->type, n);
}

/*
 * The program's calls made while the kit's fork handlers hold its locks
 * (linux/fork_lock.h): the clone itself and, in the child, its first
 * calls.  Kept here, written once the kit's part of the fork is done on
 * each side (sc_fork_done()); the child writes only those made after
 * the clone's entry (its parent's), from sc_fork_at.  A fork makes a few;
 * beyond SC_KEPT the last ones are lost, and the trace says how many.
 */
#define SC_KEPT	16
static __thread struct sc_event sc_kept[SC_KEPT];
static __thread unsigned int sc_nr_kept, sc_fork_at, sc_kept_lost;

static void sc_record(struct sc_event *ev)
{
	/* a critical section of the kit's, but for a fork's */
	if (irqs_disabled() && !fork_in_progress)
		return;
	ev->ts = trace_clock_local(&ev->cpu);
	/* the mask the kit's fork handler holds is not the program's */
	ev->ctx = tracing_gen_ctx() &
		  ~(fork_in_progress ? TRACE_FLAG_IRQS_OFF : 0);
	if (!fork_in_progress) {
		sc_write(ev);
		return;
	}
	if (sc_nr_kept == SC_KEPT) {
		sc_kept_lost++;
		return;
	}
	sc_kept[sc_nr_kept++] = *ev;
	if (ev->type == TRACE_SYSCALL_ENTER && syscall_nr_clones(ev->nr))
		sc_fork_at = sc_nr_kept;
}

static void sc_fork_done(int child)
{
	unsigned int i = child ? sc_fork_at : 0;

	if (!__atomic_load_n(&tracing_on, __ATOMIC_RELAXED))
		i = sc_nr_kept;
	for (; i < sc_nr_kept; i++)
		sc_write(&sc_kept[i]);
	if (sc_kept_lost) {	/* "[LOST N EVENTS]" where they were */
		struct sc_event lost = sc_kept[SC_KEPT - 1];
		struct trace_entry *e;
		unsigned long idx;

		e = trace_reserve(1, &idx);
		trace_entry_set(e, lost.ts, 0, sc_kept_lost, lost.cpu, 0);
		trace_commit(e, TRACE_LOST, 1);
	}
	sc_nr_kept = sc_fork_at = sc_kept_lost = 0;
}

void ftrace_syscall_enter(struct pt_regs *regs, long nr)
{
	struct sc_event ev;

	if (!sc_wanted(nr, SC_ENTER))
		return;
	ev.type = TRACE_SYSCALL_ENTER;
	ev.nr = nr;
	ev.ret = 0;
	syscall_get_arguments(regs, ev.args);
	sc_record(&ev);
}

void ftrace_syscall_exit(struct pt_regs *regs, long nr)
{
	struct sc_event ev;

	if (!sc_wanted(nr, SC_EXIT))
		return;
	ev.type = TRACE_SYSCALL_EXIT;
	ev.nr = nr;
	ev.ret = syscall_get_return_value(regs);
	sc_record(&ev);
}

/* ---- output ---------------------------------------------------------------- */

/* "openat", or the number for one this toolchain does not name */
static const char *sc_name(long nr, char *buf, size_t len)
{
	const struct syscall_metadata *m = syscall_nr_to_meta(nr);

	if (m)
		return m->name;
	snprintf(buf, len, "%ld", nr);
	return buf;
}

static unsigned int enter_text(struct trace_buffer *b, unsigned long idx,
			       char *buf, size_t len)
{
	const struct trace_entry *e = &b->entries[idx & b->mask];
	const struct syscall_metadata *m = syscall_nr_to_meta(e->ip);
	int i, n = m ? m->nb_args : 6;
	size_t at;
	char num[24];

	at = snprintf(buf, len, "sys_%s(", sc_name(e->ip, num, sizeof(num)));
	for (i = 0; i < n && at < len; i++) {
		const struct trace_entry *p =
			&b->entries[(idx + 1 + i / 3) & b->mask];
		unsigned long v = p->pc[i % 3];

		if (m && m->args[i])
			at += snprintf(buf + at, len - at, "%s%s: %lx",
				       i ? ", " : "", m->args[i], v);
		else
			at += snprintf(buf + at, len - at, "%sarg%d: %lx",
				       i ? ", " : "", i, v);
	}
	if (at < len)
		snprintf(buf + at, len - at, ")");
	return 3;
}

static unsigned int exit_text(struct trace_buffer *b, unsigned long idx,
			      char *buf, size_t len)
{
	const struct trace_entry *e = &b->entries[idx & b->mask];
	char num[24];

	snprintf(buf, len, "sys_%s -> 0x%lx", sc_name(e->ip, num, sizeof(num)),
		 (unsigned long)e->arg);
	return 1;
}

static unsigned int print_syscall(FILE *f, struct trace_buffer *b,
				  unsigned long idx)
{
	const struct trace_entry *e = &b->entries[idx & b->mask];
	char text[512];
	unsigned int used = trace_event_text(b, idx, text, sizeof(text));

	trace_print_context(f, b, e);
	fprintf(f, "%s\n", text);
	return used;
}

/* ---- the tracefs files ----------------------------------------------------- */

/*
 * "sys_enter_openat" -> (nr, SC_ENTER); "sys_exit_*" -> every number,
 * SC_EXIT; "*" both.  Calls fn(nr, bits) for each match; how many.
 */
static const struct {
	const char	*prefix;
	int		bits;
} sc_kinds[] = {
	{ "sys_enter_", SC_ENTER }, { "sys_exit_", SC_EXIT },
};

static int sc_for_each(const char *event, void (*fn)(long nr, int bits,
						     int on), int on)
{
	char name[64];
	unsigned int i, k;
	int n = 0;

	for (i = 0; i < NR_IDS; i++) {
		if (!syscall_meta[i].name)
			continue;
		for (k = 0; k < 2; k++) {
			snprintf(name, sizeof(name), "%s%s", sc_kinds[k].prefix,
				 syscall_meta[i].name);
			if (!ftrace_glob_match(event, name))
				continue;
			fn(i + SYSCALL_NR_FIRST, sc_kinds[k].bits, on);
			n++;
		}
	}
	return n;
}

static int sc_installed;	/* the probes are registered */

static void sc_set(long nr, int bits, int on)
{
	unsigned int *p = &sc_enabled[nr - SYSCALL_NR_FIRST];

	if (on)
		__atomic_or_fetch(p, bits, __ATOMIC_RELAXED);
	else
		__atomic_and_fetch(p, ~bits, __ATOMIC_RELAXED);
}

/* Switch the events matching glob on or off; -errno. */
static int sc_enable(const char *file, const char *glob, int on)
{
	int ret;

	if (on && !sc_installed) {
		ret = register_trace_sys_enter(ftrace_syscall_enter);
		if (!ret)
			ret = register_trace_sys_exit(ftrace_syscall_exit);
		if (ret) {
			tracefs_error("%s: system-call events: %s", file,
				      tracefs_why(ret));
			return ret;
		}
		sc_installed = 1;
	}
	if (!sc_for_each(glob, sc_set, on)) {
		tracefs_error("%s: no event matches '%s'", file, glob);
		return -EINVAL;
	}
	return 0;
}

/*
 * set_event: words "[!][syscalls:]event-glob", or "syscalls" alone (the
 * whole system); a write replaces what was set, as the kernel's does.
 */
static int set_event_store(const char *val, int append)
{
	char word[128];
	const char *p = val, *ev;
	int ret, on;

	if (!append)
		sc_for_each("*", sc_set, 0);
	while ((ret = tracefs_next_word(&p, word, sizeof(word))) > 0) {
		on = word[0] != '!';
		ev = on ? word : word + 1;
		if (!strcmp(ev, "syscalls") || !strcmp(ev, "syscalls:") ||
		    !strcmp(ev, "*:*"))
			ev = "*";
		else if (!strncmp(ev, "syscalls:", 9))
			ev += 9;
		else if (strchr(ev, ':')) {
			tracefs_error("set_event: '%s': the kit has the "
				      "syscalls system only", word);
			return -EINVAL;
		}
		ret = sc_enable("set_event", ev, on);
		if (ret)
			return ret;
	}
	if (ret < 0) {
		tracefs_error("set_event: a word is too long");
		return ret;
	}
	return 0;
}

static int set_event_write(const char *val)
{
	return set_event_store(val, 0);
}

static int set_event_append(const char *val)
{
	return set_event_store(val, 1);
}

/* one "syscalls:sys_enter_openat" line per enabled event */
static int sc_list(char *buf, size_t len, int all)
{
	size_t at = 0;
	unsigned int i, k;
	int n;

	buf[0] = 0;
	for (i = 0; i < NR_IDS; i++) {
		if (!syscall_meta[i].name)
			continue;
		for (k = 0; k < 2; k++) {
			if (!all && !(sc_enabled[i] & sc_kinds[k].bits))
				continue;
			n = snprintf(buf + at, len - at, "syscalls:%s%s\n",
				     sc_kinds[k].prefix, syscall_meta[i].name);
			if (n < 0 || (size_t)n >= len - at)
				return -ENOSPC;
			at += n;
		}
	}
	return 0;
}

static int set_event_read(char *buf, size_t len)
{
	return sc_list(buf, len, 0);
}

static int available_events_read(char *buf, size_t len)
{
	return sc_list(buf, len, 1);
}

/* "1" / "0" into an enable file: the events the file stands for */
static int enable_value(const char *file, const char *val, int *on)
{
	if (strcmp(val, "0") && strcmp(val, "1")) {
		tracefs_error("%s: '%s': write 0 or 1", file, val);
		return -EINVAL;
	}
	*on = val[0] == '1';
	return 0;
}

/* events/syscalls/enable, events/syscalls/<event>/enable */
static int events_write(const char *path, const char *val)
{
	char file[160], event[96];
	const char *slash;
	int on, ret;

	snprintf(file, sizeof(file), "events/syscalls/%s", path);
	ret = enable_value(file, val, &on);
	if (ret)
		return ret;
	if (!strcmp(path, "enable"))
		return sc_enable(file, "*", on);
	slash = strchr(path, '/');
	if (!slash || strcmp(slash, "/enable") ||
	    (size_t)(slash - path) >= sizeof(event) || memchr(path, '*',
							  slash - path)) {
		tracefs_error("%s: no such setting", file);
		return -ENOENT;
	}
	snprintf(event, sizeof(event), "%.*s", (int)(slash - path), path);
	return sc_enable(file, event, on);
}

static int events_read(const char *path, char *buf, size_t len)
{
	char event[96];
	const char *slash = strchr(path, '/');
	unsigned int i, any = 0, all = 1;

	if (!strcmp(path, "enable")) {
		for (i = 0; i < NR_IDS; i++) {
			if (!syscall_meta[i].name)
				continue;
			any |= sc_enabled[i];
			all &= sc_enabled[i] == (SC_ENTER | SC_EXIT);
		}
		/* the kernel's: 0, 1, or X for some */
		snprintf(buf, len, "%s\n", all ? "1" : any ? "X" : "0");
		return 0;
	}
	if (!slash || strcmp(slash, "/enable") ||
	    (size_t)(slash - path) >= sizeof(event))
		return -ENOENT;
	snprintf(event, sizeof(event), "%.*s", (int)(slash - path), path);
	for (i = 0; i < NR_IDS; i++) {
		const char *n = syscall_meta[i].name;

		if (!n)
			continue;
		if (!strncmp(event, "sys_enter_", 10) &&
		    !strcmp(event + 10, n)) {
			snprintf(buf, len, "%d\n", !!(sc_enabled[i] & SC_ENTER));
			return 0;
		}
		if (!strncmp(event, "sys_exit_", 9) && !strcmp(event + 9, n)) {
			snprintf(buf, len, "%d\n", !!(sc_enabled[i] & SC_EXIT));
			return 0;
		}
	}
	return -ENOENT;
}

static struct tracefs_file set_event_file = {
	.name = "set_event", .write = set_event_write,
	.read = set_event_read, .append = set_event_append,
};
static struct tracefs_file available_events_file = {
	.name = "available_events", .read = available_events_read,
};
static struct tracefs_dir events_dir = {
	.prefix = "events/syscalls/", .write = events_write,
	.read = events_read,
};

static __init_core void trace_syscalls_register(void)
{
	tracefs_register(&set_event_file);
	tracefs_register(&available_events_file);
	tracefs_register_dir(&events_dir);
	register_trace_printer(TRACE_SYSCALL_ENTER, print_syscall);
	register_trace_printer(TRACE_SYSCALL_EXIT, print_syscall);
	register_trace_text(TRACE_SYSCALL_ENTER, enter_text);
	register_trace_text(TRACE_SYSCALL_EXIT, exit_text);
	/* not a tracer's: every tracer prints them, as in the kernel */
	trace_print_with_every_tracer(TRACE_SYSCALL_ENTER);
	trace_print_with_every_tracer(TRACE_SYSCALL_EXIT);
	fork_done_register(sc_fork_done);
}
