// Meridian's libxml2 binding. Documents are read by libxml2's push parser
// with SAX handlers that queue nodes without building a tree; a broken
// document can instead be parsed in recovery mode into a tree, then walked
// with libxml2's reader. Options used everywhere: XML_PARSE_NONET (no
// network), never XML_PARSE_NOENT and never XML_PARSE_DTDLOAD. An entity
// declaration stops the push parser (nothing is ever expanded, so
// billion-laughs documents cannot blow up). Errors are captured through
// structured handlers so that nothing is printed. The push engine is in
// CLibXML2+Push.c; what the two share, in CLibXML2Internal.h.
#include "CLibXML2Internal.h"

MXXMLFunctions mx_xml;
static const char *const mx_xml_symbols[] = {MX_XML_FUNCTIONS(MR_LIBRARY_SYMBOL)};
_Static_assert(sizeof mx_xml == sizeof mx_xml_symbols / sizeof *mx_xml_symbols * sizeof(void *),
               "a pointer for each function");
static MRLibrary mx_xml_library = MR_LIBRARY("libxml2.so.2", "libxml2.2.dylib", mx_xml_symbols, mx_xml);
static char mx_xml_error[300];
static pthread_once_t mx_xml_loaded = PTHREAD_ONCE_INIT;

static void mx_xml_load(void) {
    mr_library_table(&mx_xml_library, "libxml2", "libxml2", mx_xml_error, sizeof mx_xml_error);
}

const char *mx_library_error(void) {
    pthread_once(&mx_xml_loaded, mx_xml_load);
    return mx_xml_error[0] ? mx_xml_error : NULL;
}

static void mx_record_error(MXReader *mx, const xmlError *error) {
    // Namespace errors (an undeclared gx: prefix, common in real files) are
    // not errors for KML: the reader strips the prefix itself.
    if (error == NULL || error->level == XML_ERR_WARNING || error->domain == XML_FROM_NAMESPACE) return;
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
__thread MXReader *mx_current = NULL;

void mx_structured_error(void *context, xmlErrorPtr error) {
    (void)context;
    if (mx_current != NULL) mx_record_error(mx_current, error);
}

void mx_silent_generic_error(void *context, const char *message, ...) {
    (void)context;
    (void)message;
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

int mx_source_read(void *context, char *buffer, int length) {
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

void mx_source_free(MXSource *source) {
    if (source == NULL) return;
    free(source->prefix);
    free(source->copy);
    free(source);
}

const unsigned char *mx_reader_copy(MXReader *mx, size_t *length) {
    if (mx->source == NULL || !mx_push_done(mx) || mx->source->copyOverflowed || mx->source->copyLimit == 0) {
        *length = 0;
        return NULL;
    }
    *length = mx->source->copyLength;
    return mx->source->copy;
}

int mx_reader_read_error(MXReader *mx) {
    return mx->source == NULL || !mx_push_done(mx) ? 0 : mx->source->readError;
}

MXReader *mx_reader_open_recovering(const char *bytes, size_t length, const char *url) {
    if (mx_library_error() != NULL) return NULL;
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

// MARK: - Both engines

void mx_reader_free(MXReader *mx) {
    if (mx == NULL) return;
    if (mx->push != NULL) {
        MXPush *p = mx->push;
        pthread_mutex_lock(&p->lock);
        p->cancelled = 1;
        pthread_cond_broadcast(&p->changed);
        pthread_mutex_unlock(&p->lock);
        // Bytes in memory belong to the caller: wait until the parser
        // thread has let go of them. A descriptor's thread may be waiting
        // on a slow pipe; it finishes on its own.
        if (mx->source == NULL) {
            pthread_join(p->thread, NULL);
        } else {
            pthread_detach(p->thread);
        }
        mx_release(mx);
        return;
    }
    if (mx->reader != NULL) xmlFreeTextReader(mx->reader);
    if (mx->document != NULL) xmlFreeDoc(mx->document);
    mx_source_free(mx->source);
    free(mx->errorMessage);
    free(mx);
}

// The walker's node's line (0 when libxml2 did not record it).
static int mx_walker_line(MXReader *mx) {
    xmlNodePtr node = xmlTextReaderCurrentNode(mx->reader);
    long line = node != NULL ? xmlGetLineNo(node) : -1;
    return line > 0 ? (int)line : 0;
}

static MXBytes mx_bytes(const xmlChar *text) {
    return (MXBytes){text, text != NULL ? strlen((const char *)text) : 0};
}

int mx_reader_next(MXReader *mx, MXNode *node) {
    if (mx->push != NULL) return mx_push_next(mx, node);
    if (mx->reader == NULL) return -1;
    mx_current = mx;
    int result = xmlTextReaderRead(mx->reader);
    mx_current = NULL;
    if (result != 1) return result;
    xmlTextReaderPtr reader = mx->reader;
    int type = xmlTextReaderNodeType(reader);
    memset(node, 0, sizeof(MXNode));
    node->type = type;
    node->line = mx_walker_line(mx);
    if (type == XML_READER_TYPE_ELEMENT) {
        node->depth = xmlTextReaderDepth(reader);
        node->isEmpty = xmlTextReaderIsEmptyElement(reader);
        node->localName = xmlTextReaderConstLocalName(reader);
        node->namespaceUri = xmlTextReaderConstNamespaceUri(reader);
        node->attributeCount = xmlTextReaderAttributeCount(reader);
    } else if (type == XML_READER_TYPE_END_ELEMENT) {
        node->depth = xmlTextReaderDepth(reader);
    } else if (type == MX_NODE_TEXT || type == MX_NODE_CDATA || type == MX_NODE_WHITESPACE ||
               type == MX_NODE_SIGNIFICANT_WHITESPACE) {
        node->value = mx_bytes(xmlTextReaderConstValue(reader));
    }
    return result;
}

// `prefix:local`, or `local` when there is no prefix (valid until the next call).
static MXBytes mx_qualified(MXPush *p, const xmlChar *prefix, const xmlChar *local) {
    size_t localLength = strlen((const char *)local);
    if (prefix == NULL) return (MXBytes){local, localLength};
    size_t prefixLength = strlen((const char *)prefix);
    size_t length = prefixLength + 1 + localLength;
    if (length > p->nameCapacity) {
        char *grown = realloc(p->name, length);
        if (grown == NULL) return (MXBytes){local, localLength};
        p->name = grown;
        p->nameCapacity = length;
    }
    memcpy(p->name, prefix, prefixLength);
    p->name[prefixLength] = ':';
    memcpy(p->name + prefixLength + 1, local, localLength);
    return (MXBytes){(const unsigned char *)p->name, length};
}

MXBytes mx_reader_name(MXReader *mx) {
    if (mx->push == NULL) return mx_bytes(xmlTextReaderConstName(mx->reader));
    MXBatch *b;
    MXEvent *event = mx_push_current(mx, &b);
    if (event == NULL || event->type != MX_NODE_ELEMENT) return (MXBytes){NULL, 0};
    return mx_qualified(mx->push, event->prefix, event->localName);
}

void mx_reader_attribute(MXReader *mx, int index, MXBytes *name, MXBytes *value) {
    *name = (MXBytes){NULL, 0};
    *value = (MXBytes){NULL, 0};
    if (mx->push == NULL) {
        if (xmlTextReaderMoveToAttributeNo(mx->reader, index) != 1) return;
        *name = mx_bytes(xmlTextReaderConstName(mx->reader));
        *value = mx_bytes(xmlTextReaderConstValue(mx->reader));
        xmlTextReaderMoveToElement(mx->reader);
        return;
    }
    MXBatch *b;
    MXEvent *event = mx_push_current(mx, &b);
    if (event == NULL || index < 0 || index >= event->attributeCount) return;
    MXAttribute *attribute = &b->attributes[event->attributeStart + index];
    *name = mx_qualified(mx->push, attribute->prefix, attribute->localName);
    *value = (MXBytes){(const unsigned char *)b->arena + attribute->value, attribute->valueLength};
}

int mx_reader_line(MXReader *mx) {
    if (mx->push != NULL) return mx_push_done(mx) ? mx->push->lastLine : 0;
    return mx_walker_line(mx);
}

const char *mx_reader_error_message(MXReader *mx) { return mx_push_done(mx) ? mx->errorMessage : NULL; }
int mx_reader_error_line(MXReader *mx) { return mx->errorLine; }
int mx_reader_error_column(MXReader *mx) { return mx->errorColumn; }
