// libxml2's push parser with SAX2 callbacks, for reading interface files (VitrineInterface).
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, whose headers clash with the copy of ICU inside Swift's
// Foundation. Nothing here uses libxml2's ICU converters (interface files are UTF-8), and the
// declarations below only reach the converter through pointers, so its headers are left out.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
