// libqrencode for Swift (the QR module: the control page's link as a QR code). Only
// QRcode_encodeData and QRcode_free, both in Debian bookworm's and trixie's libqrencode 4.1.1.
#include <qrencode.h>
