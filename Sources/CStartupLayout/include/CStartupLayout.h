/* No declarations: the target only defines the two anchors the release
 * link's start-up order places (layout.c says why). */
