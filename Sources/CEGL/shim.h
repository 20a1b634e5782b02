// EGL with the extensions' enums (EGL_PLATFORM_SURFACELESS_MESA, EGL_PLATFORM_GBM_KHR) and GBM,
// for VitrineGL. The extension functions are looked up with eglGetProcAddress.
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <gbm.h>
