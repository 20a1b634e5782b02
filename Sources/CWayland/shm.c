#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>
#include "CWayland.h"

int vitrine_wayland_shm_file(size_t size) {
    int fd = memfd_create("vitrine-wl-shm", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0) return -1;
    int result;
    do {
        result = ftruncate(fd, (off_t)size);
    } while (result < 0 && errno == EINTR);
    if (result < 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    // The compositor maps the file too: it must not be able to shrink under it.
    fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK);
    return fd;
}
