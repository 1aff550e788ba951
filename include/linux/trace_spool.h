/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The spool (extras/trace_spool.c, CONFIG_TRACE_SPOOL): ring buffers that
 * outlive their process.  These are the hooks the ring buffer and the
 * tracing core call; without CONFIG_TRACE_SPOOL they do nothing, and the
 * buffers are anonymous memory that only a normal exit prints.  The file
 * layout is extras/trace_spool.h.
 */
#ifndef _LINUX_TRACE_SPOOL_H
#define _LINUX_TRACE_SPOOL_H

#include <stddef.h>

enum spool_kind {
	SPOOL_REGION_FREE,
	SPOOL_REGION_RING,	/* slots of a trace_buffer */
	SPOOL_REGION_STRUCTS,	/* a chunk of struct trace_buffer */
};

#ifdef CONFIG_TRACE_SPOOL
/*
 * Writer side, called under the ring buffer's lock (spool_map() and
 * spool_unmap() are async-signal-safe: system calls only).
 * spool_map(): len zeroed bytes in the spool, or NULL (no spool, or it is
 * full): the caller then takes anonymous memory, which only a normal exit
 * prints.  spool_unmap(): 0 when mem is not spool memory.
 */
void *spool_map(size_t len, enum spool_kind kind, unsigned int index);
int spool_unmap(void *mem, size_t len);
/*
 * In a fork child: drop the parent's spool mappings (the parent still
 * writes them) and start the child's own file.  1 when it did, i.e. when
 * the buffers and rings the child inherited are gone.
 */
int spool_fork_child(void);
void spool_first_event(void);
void spool_set_tracer(const char *name);
/* A normal exit, after the trace is written: remove the file. */
void spool_exit(void);
/*
 * 1 when the buffers are in a spool file, which outlives the process
 * (an exec, then, need not write the trace first): the process's own, or
 * in a child no fork handler saw, its parent's, which it shares.
 */
int spool_in_use(void);
/* A library loaded since start-up (dlopen()): the reader needs its names. */
void spool_add_object(const char *path, unsigned long bias);

#else
static inline void *spool_map(size_t len, enum spool_kind kind,
			      unsigned int index)
{
	return NULL;
}

static inline int spool_unmap(void *mem, size_t len)
{
	return 0;
}

static inline int spool_fork_child(void)
{
	return 0;
}

static inline void spool_first_event(void)
{
}

static inline void spool_set_tracer(const char *name)
{
}

static inline void spool_exit(void)
{
}

static inline int spool_in_use(void)
{
	return 0;
}

static inline void spool_add_object(const char *path, unsigned long bias)
{
}
#endif /* CONFIG_TRACE_SPOOL */

#endif
