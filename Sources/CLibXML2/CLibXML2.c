// Meridian's libxml2 binding. Options used everywhere: XML_PARSE_NONET (no
// network), never XML_PARSE_NOENT (entities stay unexpanded, so billion-laughs
// documents cannot blow up) and never XML_PARSE_DTDLOAD. Errors are captured
// through structured handlers so that nothing is printed.
#include "CLibXML2.h"

#include <libxml/parser.h>
#include <libxml/xmlreader.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// The byte source of a reader opened on a file descriptor: newlines that
// stand for leading blank lines skipped while sniffing, then bytes already
// read, then the descriptor. Up to `copyLimit` bytes are also kept, so that
// a stream that cannot be read twice can still be recovered.
typedef struct {
    int descriptor;
    size_t newlines;
    unsigned char *prefix;
    size_t prefixLength;
    size_t prefixOffset;
    unsigned char *copy;
    size_t copyLength;
    size_t copyLimit;
    int copyOverflowed;
    int readError;
} MXSource;

struct MXReader {
    xmlTextReaderPtr reader;
    MXSource *source;
    xmlDocPtr document;  // owned when walking a recovered tree
    char *errorMessage;
    int errorLine;
    int errorColumn;
    int errorCount;
};

// XML_PARSE_COMPACT keeps short text inside its node (one allocation less
// per text node); the reader never modifies the tree.
static const int mx_options = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_COMPACT;

static void mx_record_error(MXReader *mx, const xmlError *error) {
    // Namespace errors (an undeclared gx: prefix, common in real files) are
    // not errors for KML: the reader strips the prefix itself.
    if (error == NULL || error->level == XML_ERR_WARNING || error->domain == XML_FROM_NAMESPACE) return;
    mx->errorCount += 1;
    if (mx->errorMessage != NULL) return;
    const char *message = error->message ? error->message : "XML error";
    size_t length = strlen(message);
    while (length > 0 && (message[length - 1] == '\n' || message[length - 1] == ' ')) length--;
    mx->errorMessage = malloc(length + 1);
    if (mx->errorMessage != NULL) {
        memcpy(mx->errorMessage, message, length);
        mx->errorMessage[length] = 0;
    }
    mx->errorLine = error->line;
    mx->errorColumn = error->int2;
}

// The reader whose call into libxml2 is running on this thread. libxml2
// does not always pass the handler's own context back (entity content is
// parsed by a nested parser context), so the handler never trusts it.
static __thread MXReader *mx_current = NULL;

static void mx_structured_error(void *context, xmlErrorPtr error) {
    (void)context;
    if (mx_current != NULL) mx_record_error(mx_current, error);
}

static void mx_silent_generic_error(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

static MXReader *mx_wrap(xmlTextReaderPtr reader) {
    if (reader == NULL) return NULL;
    MXReader *mx = calloc(1, sizeof(MXReader));
    if (mx == NULL) {
        xmlFreeTextReader(reader);
        return NULL;
    }
    mx->reader = reader;
    xmlTextReaderSetStructuredErrorHandler(reader, mx_structured_error, mx);
    return mx;
}

MXReader *mx_reader_open_file(const char *path) {
    xmlSetGenericErrorFunc(NULL, mx_silent_generic_error);
    return mx_wrap(xmlReaderForFile(path, NULL, mx_options));
}

static void mx_keep(MXSource *source, const char *bytes, size_t length) {
    if (source->copyLimit == 0 || source->copyOverflowed || length == 0) return;
    if (source->copyLength + length > source->copyLimit) {
        source->copyOverflowed = 1;
        free(source->copy);
        source->copy = NULL;
        source->copyLength = 0;
        return;
    }
    unsigned char *grown = realloc(source->copy, source->copyLength + length);
    if (grown == NULL) {
        source->copyOverflowed = 1;
        return;
    }
    source->copy = grown;
    memcpy(source->copy + source->copyLength, bytes, length);
    source->copyLength += length;
}

static int mx_source_read(void *context, char *buffer, int length) {
    MXSource *source = context;
    if (length <= 0) return 0;
    if (source->newlines > 0) {
        size_t count = source->newlines < (size_t)length ? source->newlines : (size_t)length;
        memset(buffer, '\n', count);
        source->newlines -= count;
        mx_keep(source, buffer, count);
        return (int)count;
    }
    if (source->prefixOffset < source->prefixLength) {
        size_t left = source->prefixLength - source->prefixOffset;
        size_t count = left < (size_t)length ? left : (size_t)length;
        memcpy(buffer, source->prefix + source->prefixOffset, count);
        source->prefixOffset += count;
        mx_keep(source, buffer, count);
        return (int)count;
    }
    for (;;) {
        ssize_t count = read(source->descriptor, buffer, (size_t)length);
        if (count < 0 && errno == EINTR) continue;
        if (count < 0) {
            source->readError = errno;
            return -1;
        }
        mx_keep(source, buffer, (size_t)count);
        return (int)count;
    }
}

static int mx_source_close(void *context) {
    (void)context;
    return 0;
}

static void mx_source_free(MXSource *source) {
    if (source == NULL) return;
    free(source->prefix);
    free(source->copy);
    free(source);
}

MXReader *mx_reader_open_descriptor(
    int descriptor, const char *prefix, size_t prefixLength, size_t leadingNewlines, size_t copyLimit,
    const char *url) {
    xmlSetGenericErrorFunc(NULL, mx_silent_generic_error);
    MXSource *source = calloc(1, sizeof(MXSource));
    if (source == NULL) return NULL;
    source->descriptor = descriptor;
    source->newlines = leadingNewlines;
    source->copyLimit = copyLimit;
    if (prefixLength > 0) {
        source->prefix = malloc(prefixLength);
        if (source->prefix == NULL) {
            free(source);
            return NULL;
        }
        memcpy(source->prefix, prefix, prefixLength);
        source->prefixLength = prefixLength;
    }
    xmlTextReaderPtr reader = xmlReaderForIO(mx_source_read, mx_source_close, source, url, NULL, mx_options);
    MXReader *mx = mx_wrap(reader);
    if (mx == NULL) {
        mx_source_free(source);
        return NULL;
    }
    mx->source = source;
    return mx;
}

const unsigned char *mx_reader_copy(MXReader *mx, size_t *length) {
    if (mx->source == NULL || mx->source->copyOverflowed || mx->source->copyLimit == 0) {
        *length = 0;
        return NULL;
    }
    *length = mx->source->copyLength;
    return mx->source->copy;
}

int mx_reader_read_error(MXReader *mx) {
    return mx->source == NULL ? 0 : mx->source->readError;
}

MXReader *mx_reader_open_memory(const char *bytes, size_t length, const char *url) {
    xmlSetGenericErrorFunc(NULL, mx_silent_generic_error);
    if (length > (size_t)0x7fffffff) return NULL;
    return mx_wrap(xmlReaderForMemory(bytes, (int)length, url, NULL, mx_options));
}

MXReader *mx_reader_open_recovering(const char *bytes, size_t length, const char *url) {
    xmlSetGenericErrorFunc(NULL, mx_silent_generic_error);
    if (length > (size_t)0x7fffffff) return NULL;
    MXReader *mx = calloc(1, sizeof(MXReader));
    if (mx == NULL) return NULL;
    xmlParserCtxtPtr context = xmlNewParserCtxt();
    if (context == NULL) {
        free(mx);
        return NULL;
    }
    if (context->sax != NULL) {
        context->sax->serror = mx_structured_error;
        context->sax->initialized = XML_SAX2_MAGIC;
    }
    context->userData = context;
    mx_current = mx;
    xmlSetStructuredErrorFunc(mx, mx_structured_error);
    xmlDocPtr document = xmlCtxtReadMemory(context, bytes, (int)length, url, NULL, mx_options | XML_PARSE_RECOVER);
    xmlSetStructuredErrorFunc(NULL, NULL);
    mx_current = NULL;
    if (mx->errorMessage == NULL && context->lastError.code != XML_ERR_OK) {
        mx_record_error(mx, &context->lastError);
    }
    xmlFreeParserCtxt(context);
    if (document == NULL || xmlDocGetRootElement(document) == NULL) {
        if (document != NULL) xmlFreeDoc(document);
        mx->document = NULL;
        mx->reader = NULL;
        return mx;  // the caller reads the error and frees
    }
    mx->document = document;
    mx->reader = xmlReaderWalker(document);
    return mx;
}

void mx_reader_free(MXReader *mx) {
    if (mx == NULL) return;
    if (mx->reader != NULL) xmlFreeTextReader(mx->reader);
    if (mx->document != NULL) xmlFreeDoc(mx->document);
    mx_source_free(mx->source);
    free(mx->errorMessage);
    free(mx);
}

int mx_reader_read(MXReader *mx) {
    if (mx->reader == NULL) return -1;
    mx_current = mx;
    int result = xmlTextReaderRead(mx->reader);
    mx_current = NULL;
    return result;
}

int mx_reader_next(MXReader *mx, MXNode *node) {
    int result = mx_reader_read(mx);
    if (result != 1) return result;
    xmlTextReaderPtr reader = mx->reader;
    int type = xmlTextReaderNodeType(reader);
    node->type = type;
    if (type == XML_READER_TYPE_ELEMENT) {
        node->depth = xmlTextReaderDepth(reader);
        node->isEmpty = xmlTextReaderIsEmptyElement(reader);
        node->localName = xmlTextReaderConstLocalName(reader);
        node->namespaceUri = xmlTextReaderConstNamespaceUri(reader);
    } else if (type == XML_READER_TYPE_END_ELEMENT) {
        node->depth = xmlTextReaderDepth(reader);
    }
    return result;
}

int mx_reader_node_type(MXReader *mx) { return xmlTextReaderNodeType(mx->reader); }
int mx_reader_depth(MXReader *mx) { return xmlTextReaderDepth(mx->reader); }
int mx_reader_is_empty_element(MXReader *mx) { return xmlTextReaderIsEmptyElement(mx->reader); }
const unsigned char *mx_reader_local_name(MXReader *mx) { return xmlTextReaderConstLocalName(mx->reader); }
const unsigned char *mx_reader_namespace_uri(MXReader *mx) { return xmlTextReaderConstNamespaceUri(mx->reader); }
const unsigned char *mx_reader_value(MXReader *mx) { return xmlTextReaderConstValue(mx->reader); }
const unsigned char *mx_reader_name(MXReader *mx) { return xmlTextReaderConstName(mx->reader); }

int mx_reader_line(MXReader *mx) {
    // The node's own line when libxml2 recorded it; the parser's position
    // (which runs ahead of the node, by up to a buffer) otherwise.
    xmlNodePtr node = xmlTextReaderCurrentNode(mx->reader);
    long line = node != NULL ? xmlGetLineNo(node) : -1;
    if (line > 0) return (int)line;
    return mx->document != NULL ? 0 : xmlTextReaderGetParserLineNumber(mx->reader);
}

int mx_reader_move_to_first_attribute(MXReader *mx) { return xmlTextReaderMoveToFirstAttribute(mx->reader); }
int mx_reader_move_to_next_attribute(MXReader *mx) { return xmlTextReaderMoveToNextAttribute(mx->reader); }
int mx_reader_move_to_element(MXReader *mx) { return xmlTextReaderMoveToElement(mx->reader); }

const char *mx_reader_error_message(MXReader *mx) { return mx->errorMessage; }
int mx_reader_error_line(MXReader *mx) { return mx->errorLine; }
int mx_reader_error_column(MXReader *mx) { return mx->errorColumn; }
int mx_reader_error_count(MXReader *mx) { return mx->errorCount; }
