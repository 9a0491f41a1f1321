// libsystemd's sd_notify for Swift: a kiosk tells systemd it is ready and still drawing (Type=notify,
// WatchdogSec= in assets/roundel-kiosk.service). Without NOTIFY_SOCKET it does nothing.
#include <systemd/sd-daemon.h>
