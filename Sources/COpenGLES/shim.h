// OpenGL ES 2 and 3 for the Swift module `OpenGLES`, which re-exports them beside EAGLContext,
// so ported GL code keeps its `import OpenGLES`. libGLESv2 holds both (GLES 3 is a superset of
// GLES 2).
#include <GLES3/gl3.h>
#include <GLES2/gl2ext.h>
