// The C side of Meridian's libxml2 binding: a streaming XML reader with the
// options KML needs, behind a header that includes no libxml2 header (so
// Swift modules that import Foundation never see libxml2's ICU types).
#ifndef MERIDIAN_CLIBXML2_H
#define MERIDIAN_CLIBXML2_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An opaque streaming reader (libxml2's push parser queueing nodes, or its
/// reader walking a recovered tree) plus error capture.
typedef struct MXReader MXReader;

/// Node types, as libxml2's xmlReaderTypes numbers them.
enum {
    MX_NODE_ELEMENT = 1,
    MX_NODE_ATTRIBUTE = 2,
    MX_NODE_TEXT = 3,
    MX_NODE_CDATA = 4,
    MX_NODE_ENTITY_REFERENCE = 5,
    MX_NODE_DOCUMENT_TYPE = 10,
    MX_NODE_WHITESPACE = 13,
    MX_NODE_SIGNIFICANT_WHITESPACE = 14,
    MX_NODE_END_ELEMENT = 15,
};

/// Opens libxml2 the first time it is called (it is not linked); NULL when
/// it could be opened, else why not. The readers below return NULL when it
/// could not.
const char *_Nullable mx_library_error(void);

/// Opens a reader streaming from a file descriptor (which it never closes):
/// first `leadingNewlines` newline characters (blank lines already skipped
/// by the caller), then the `prefixLength` bytes at `prefix` (already read
/// by the caller; copied), then the descriptor. When `copyLimit` is not
/// zero, up to that many bytes read are kept for `mx_reader_copy`.
MXReader *_Nullable mx_reader_open_descriptor(
    int descriptor, const char *_Nullable prefix, size_t prefixLength, size_t leadingNewlines, size_t copyLimit,
    const char *_Nullable url);

/// The bytes a descriptor reader has read so far, when it keeps a copy and
/// they fit its limit; NULL (and 0) otherwise. Valid until the next read.
const unsigned char *_Nullable mx_reader_copy(MXReader *_Nonnull reader, size_t *_Nonnull length);

/// The errno of a failed read of the descriptor (0 when none failed).
int mx_reader_read_error(MXReader *_Nonnull reader);

/// Opens a reader over bytes in memory; the bytes must outlive the reader.
MXReader *_Nullable mx_reader_open_memory(const char *_Nonnull bytes, size_t length, const char *_Nullable url);

/// Parses the bytes into a tree with libxml2's recovery mode (for broken
/// files), then walks the tree as a reader. NULL when nothing could be
/// recovered; the error is then in `error`.
MXReader *_Nullable mx_reader_open_recovering(const char *_Nonnull bytes, size_t length, const char *_Nullable url);

void mx_reader_free(MXReader *_Nullable reader);

/// Bytes that are not NUL-terminated.
typedef struct {
    const unsigned char *_Nullable bytes;
    size_t length;
} MXBytes;

/// The current node, as `mx_reader_next` reports it.
typedef struct {
    /// An MX_NODE_* type.
    int type;
    /// Set for elements and end tags only.
    int depth;
    /// Set for elements only.
    int isEmpty;
    /// Set for elements only; interned by the parser's dictionary: the same
    /// name gives the same pointer for the reader's lifetime.
    const unsigned char *_Nullable localName;
    const unsigned char *_Nullable namespaceUri;
    /// Set for text, CDATA and white space; valid until the next read.
    MXBytes value;
    /// The 1-based line where the node starts (0 when unknown).
    int line;
    /// Set for elements: how many attributes they have, namespace
    /// declarations (`xmlns`, `xmlns:p`) included, listed first.
    int attributeCount;
} MXNode;

/// Moves to the next node and describes it: 1 moved (`node` filled in), 0
/// end of document, -1 error (see mx_reader_error_*).
int mx_reader_next(MXReader *_Nonnull reader, MXNode *_Nonnull node);

/// The current element's qualified name (valid until the next call).
MXBytes mx_reader_name(MXReader *_Nonnull reader);

/// The current element's attribute at `index` (below its attributeCount):
/// its qualified name (valid until the next call) and value (valid until
/// the next read).
void mx_reader_attribute(MXReader *_Nonnull reader, int index, MXBytes *_Nonnull name, MXBytes *_Nonnull value);

/// The parser's current line (for errors at the end of the document).
int mx_reader_line(MXReader *_Nonnull reader);

/// The first error libxml2 reported (NULL when none), and where.
const char *_Nullable mx_reader_error_message(MXReader *_Nonnull reader);
int mx_reader_error_line(MXReader *_Nonnull reader);
int mx_reader_error_column(MXReader *_Nonnull reader);

#ifdef __cplusplus
}
#endif

#endif
