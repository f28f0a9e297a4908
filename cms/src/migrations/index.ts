import * as migration_20261121_084859_initial from './20261121_084859_initial';
import * as migration_20261121_092015_booking_guard from './20261121_092015_booking_guard';
import * as migration_20261121_102141_rate_limits from './20261121_102141_rate_limits';
import * as migration_20261121_103238_email_verification from './20261121_103238_email_verification';
import * as migration_20261121_104002_second_factor from './20261121_104002_second_factor';
import * as migration_20261121_104739_require_admin_totp from './20261121_104739_require_admin_totp';
import * as migration_20261122_211006_max_open_bookings from './20261122_211006_max_open_bookings';
import * as migration_20261122_212000_calendar_notify from './20261122_212000_calendar_notify';
import * as migration_20261122_230000_reservation_events from './20261122_230000_reservation_events';
import * as migration_20261122_233000_service_in_use from './20261122_233000_service_in_use';
import * as migration_20261123_000500_refresh_sessions from './20261123_000500_refresh_sessions';
import * as migration_20261123_021500_upload_in_use from './20261123_021500_upload_in_use';
import * as migration_20261123_030000_calendar_version from './20261123_030000_calendar_version';
import * as migration_20261123_060000_notification_settings from './20261123_060000_notification_settings';
import * as migration_20261123_061000_operator_feed from './20261123_061000_operator_feed';
import * as migration_20261123_062000_notifications from './20261123_062000_notifications';
import * as migration_20261123_080000_operator_blocks from './20261123_080000_operator_blocks';
import * as migration_20261123_084000_dashboard_index from './20261123_084000_dashboard_index';
import * as migration_20261123_180000_reminders_follow_settings from './20261123_180000_reminders_follow_settings';
import * as migration_20261125_133405_privacy_consent from './20261125_133405_privacy_consent';
import * as migration_20261125_140000_statuses_follow_time from './20261125_140000_statuses_follow_time';
import * as migration_20261125_141000_any_operator from './20261125_141000_any_operator';
import * as migration_20261126_210000_owned_photos_slowdown from './20261126_210000_owned_photos_slowdown';
import * as migration_20261126_220000_feed_owner from './20261126_220000_feed_owner';
import * as migration_20261127_090000_rota from './20261127_090000_rota';
import * as migration_20261127_120000_clients from './20261127_120000_clients';
import * as migration_20261127_140000_privacy from './20261127_140000_privacy';
import * as migration_20261127_160000_phases from './20261127_160000_phases';
import * as migration_20261127_170000_sms from './20261127_170000_sms';
import * as migration_20261127_180000_external_sign_in from './20261127_180000_external_sign_in';
import * as migration_20261127_181000_passkeys from './20261127_181000_passkeys';
import * as migration_20261127_182000_phone_factor from './20261127_182000_phone_factor';
import * as migration_20261127_183000_sms_reminders from './20261127_183000_sms_reminders';
import * as migration_20261127_190000_waitlist from './20261127_190000_waitlist';
import * as migration_20261127_191000_series from './20261127_191000_series';
import * as migration_20261128_000000_dashboard_rollup from './20261128_000000_dashboard_rollup';
import * as migration_20261128_080000_services_notify from './20261128_080000_services_notify';
import * as migration_20261128_210000_phases_generic_plans from './20261128_210000_phases_generic_plans';

export const migrations = [
  {
    up: migration_20261121_084859_initial.up,
    down: migration_20261121_084859_initial.down,
    name: '20261121_084859_initial',
  },
  {
    up: migration_20261121_092015_booking_guard.up,
    down: migration_20261121_092015_booking_guard.down,
    name: '20261121_092015_booking_guard',
  },
  {
    up: migration_20261121_102141_rate_limits.up,
    down: migration_20261121_102141_rate_limits.down,
    name: '20261121_102141_rate_limits',
  },
  {
    up: migration_20261121_103238_email_verification.up,
    down: migration_20261121_103238_email_verification.down,
    name: '20261121_103238_email_verification',
  },
  {
    up: migration_20261121_104002_second_factor.up,
    down: migration_20261121_104002_second_factor.down,
    name: '20261121_104002_second_factor',
  },
  {
    up: migration_20261121_104739_require_admin_totp.up,
    down: migration_20261121_104739_require_admin_totp.down,
    name: '20261121_104739_require_admin_totp',
  },
  {
    up: migration_20261122_211006_max_open_bookings.up,
    down: migration_20261122_211006_max_open_bookings.down,
    name: '20261122_211006_max_open_bookings'
  },
  {
    up: migration_20261122_212000_calendar_notify.up,
    down: migration_20261122_212000_calendar_notify.down,
    name: '20261122_212000_calendar_notify',
  },
  {
    up: migration_20261122_230000_reservation_events.up,
    down: migration_20261122_230000_reservation_events.down,
    name: '20261122_230000_reservation_events',
  },
  {
    up: migration_20261122_233000_service_in_use.up,
    down: migration_20261122_233000_service_in_use.down,
    name: '20261122_233000_service_in_use',
  },
  {
    up: migration_20261123_000500_refresh_sessions.up,
    down: migration_20261123_000500_refresh_sessions.down,
    name: '20261123_000500_refresh_sessions',
  },
  {
    up: migration_20261123_021500_upload_in_use.up,
    down: migration_20261123_021500_upload_in_use.down,
    name: '20261123_021500_upload_in_use',
  },
  {
    up: migration_20261123_030000_calendar_version.up,
    down: migration_20261123_030000_calendar_version.down,
    name: '20261123_030000_calendar_version',
  },
  {
    up: migration_20261123_060000_notification_settings.up,
    down: migration_20261123_060000_notification_settings.down,
    name: '20261123_060000_notification_settings',
  },
  {
    up: migration_20261123_061000_operator_feed.up,
    down: migration_20261123_061000_operator_feed.down,
    name: '20261123_061000_operator_feed',
  },
  {
    up: migration_20261123_062000_notifications.up,
    down: migration_20261123_062000_notifications.down,
    name: '20261123_062000_notifications',
  },
  {
    up: migration_20261123_080000_operator_blocks.up,
    down: migration_20261123_080000_operator_blocks.down,
    name: '20261123_080000_operator_blocks',
  },
  {
    up: migration_20261123_084000_dashboard_index.up,
    down: migration_20261123_084000_dashboard_index.down,
    name: '20261123_084000_dashboard_index',
  },
  {
    up: migration_20261123_180000_reminders_follow_settings.up,
    down: migration_20261123_180000_reminders_follow_settings.down,
    name: '20261123_180000_reminders_follow_settings',
  },
  {
    up: migration_20261125_133405_privacy_consent.up,
    down: migration_20261125_133405_privacy_consent.down,
    name: '20261125_133405_privacy_consent',
  },
  {
    up: migration_20261125_140000_statuses_follow_time.up,
    down: migration_20261125_140000_statuses_follow_time.down,
    name: '20261125_140000_statuses_follow_time',
  },
  {
    up: migration_20261125_141000_any_operator.up,
    down: migration_20261125_141000_any_operator.down,
    name: '20261125_141000_any_operator',
  },
  {
    up: migration_20261126_210000_owned_photos_slowdown.up,
    down: migration_20261126_210000_owned_photos_slowdown.down,
    name: '20261126_210000_owned_photos_slowdown',
  },
  {
    up: migration_20261126_220000_feed_owner.up,
    down: migration_20261126_220000_feed_owner.down,
    name: '20261126_220000_feed_owner',
  },
  {
    up: migration_20261127_090000_rota.up,
    down: migration_20261127_090000_rota.down,
    name: '20261127_090000_rota',
  },
  {
    up: migration_20261127_120000_clients.up,
    down: migration_20261127_120000_clients.down,
    name: '20261127_120000_clients',
  },
  {
    up: migration_20261127_140000_privacy.up,
    down: migration_20261127_140000_privacy.down,
    name: '20261127_140000_privacy',
  },
  {
    up: migration_20261127_160000_phases.up,
    down: migration_20261127_160000_phases.down,
    name: '20261127_160000_phases',
  },
  {
    up: migration_20261127_170000_sms.up,
    down: migration_20261127_170000_sms.down,
    name: '20261127_170000_sms',
  },
  {
    up: migration_20261127_180000_external_sign_in.up,
    down: migration_20261127_180000_external_sign_in.down,
    name: '20261127_180000_external_sign_in',
  },
  {
    up: migration_20261127_181000_passkeys.up,
    down: migration_20261127_181000_passkeys.down,
    name: '20261127_181000_passkeys',
  },
  {
    up: migration_20261127_182000_phone_factor.up,
    down: migration_20261127_182000_phone_factor.down,
    name: '20261127_182000_phone_factor',
  },
  {
    up: migration_20261127_183000_sms_reminders.up,
    down: migration_20261127_183000_sms_reminders.down,
    name: '20261127_183000_sms_reminders',
  },
  {
    up: migration_20261127_190000_waitlist.up,
    down: migration_20261127_190000_waitlist.down,
    name: '20261127_190000_waitlist',
  },
  {
    up: migration_20261127_191000_series.up,
    down: migration_20261127_191000_series.down,
    name: '20261127_191000_series',
  },
  {
    up: migration_20261128_000000_dashboard_rollup.up,
    down: migration_20261128_000000_dashboard_rollup.down,
    name: '20261128_000000_dashboard_rollup',
  },
  {
    up: migration_20261128_080000_services_notify.up,
    down: migration_20261128_080000_services_notify.down,
    name: '20261128_080000_services_notify',
  },
  {
    up: migration_20261128_210000_phases_generic_plans.up,
    down: migration_20261128_210000_phases_generic_plans.down,
    name: '20261128_210000_phases_generic_plans',
  },
];
