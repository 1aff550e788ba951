// SPDX-License-Identifier: GPL-2.0
/*
 * Building the new object in memory, and putting it in place.
 *
 * The output file is only ever replaced by rename(2) of a finished
 * temporary file next to it, so a failure at any point leaves it as it was.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "recordmcount.h"

int rm_buf_add(struct rm_buf *b, const void *p, size_t n)
{
	if (n > b->cap - b->len) {
		size_t cap = b->cap ? b->cap : 4096;
		unsigned char *d;

		while (cap - b->len < n) {
			if (cap > SIZE_MAX / 2)
				return -1;
			cap *= 2;
		}
		d = realloc(b->data, cap);
		if (!d)
			return -1;
		b->data = d;
		b->cap = cap;
	}
	if (p)
		memcpy(b->data + b->len, p, n);
	else
		memset(b->data + b->len, 0, n);
	b->len += n;
	return 0;
}

int rm_buf_zero(struct rm_buf *b, size_t n)
{
	return rm_buf_add(b, NULL, n);
}

int rm_buf_align(struct rm_buf *b, size_t align)
{
	size_t pad = align ? (align - b->len % align) % align : 0;

	return rm_buf_zero(b, pad);
}

void rm_buf_free(struct rm_buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}

static int write_all(int fd, const unsigned char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += w;
		n -= w;
	}
	return 0;
}

/*
 * Write p[0..n) to path through "path.XXXXXX" and rename().  The new file
 * gets the permission bits of 'like' (the input) when it exists.
 */
int rm_write_file(const char *path, const char *like, const void *p,
		  size_t n, char *err, size_t errlen)
{
	struct stat st;
	mode_t mode = 0644;
	size_t len = strlen(path);
	char *tmp;
	int fd;

	if (stat(like, &st) == 0)
		mode = st.st_mode & 07777;
	/* replacing a file we could not write ourselves is not ours to do */
	if (access(path, F_OK) == 0 && access(path, W_OK) != 0) {
		snprintf(err, errlen, "cannot write: %s", strerror(errno));
		return -1;
	}
	tmp = malloc(len + 8);
	if (!tmp) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	memcpy(tmp, path, len);
	memcpy(tmp + len, ".XXXXXX", 8);
	fd = mkstemp(tmp);
	if (fd < 0) {
		snprintf(err, errlen, "cannot create a file beside it: %s",
			 strerror(errno));
		free(tmp);
		return -1;
	}
	if (write_all(fd, p, n) || fchmod(fd, mode)) {
		snprintf(err, errlen, "cannot write: %s", strerror(errno));
		close(fd);
		unlink(tmp);
		free(tmp);
		return -1;
	}
	if (close(fd)) {
		snprintf(err, errlen, "cannot write: %s", strerror(errno));
		unlink(tmp);
		free(tmp);
		return -1;
	}
	if (rename(tmp, path)) {
		snprintf(err, errlen, "cannot replace: %s", strerror(errno));
		unlink(tmp);
		free(tmp);
		return -1;
	}
	free(tmp);
	return 0;
}
