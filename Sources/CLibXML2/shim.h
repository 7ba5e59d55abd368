#ifndef SCENEC_CLIBXML2_SHIM_H
#define SCENEC_CLIBXML2_SHIM_H
/* Debian's libxml2 is built with ICU, and its encoding.h then includes ICU's headers, whose
   UErrorCode clashes with the copy inside Foundation in any module that sees both. We never touch
   the ICU members of xmlCharEncodingHandler (only pointers to it), so hide ICU from the headers. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#endif
