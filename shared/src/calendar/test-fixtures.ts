import type { CalendarReservation, CalendarSalon } from './event'

/** A salon whose public URL has a port (the UID must not carry it). */
export const salon: CalendarSalon = {
  name: 'Salone Demo',
  address: 'Via Roma 1, 20121 Milano',
  phone: '+39 02 1234 5678',
  email: 'info@demo.salon',
  timeZone: 'Europe/Rome',
  publicUrl: 'https://salone.example:8443',
}

/** One booking on the spring-forward day of Rome, with a note full of characters to escape. */
export const booking: CalendarReservation = {
  id: 42,
  // 2027-03-28 is the spring-forward day in Rome: 10:00 local is 08:00Z (CEST, +02:00).
  start: '2027-03-28T10:00:00+02:00',
  end: '2027-03-28T11:15:00+02:00',
  status: 'PENDING',
  services: ['Taglio donna', 'Piega'],
  operator: 'Giulia Bianchi',
  note: 'Capelli lunghi; niente lacca, grazie\nArrivo 5 minuti prima',
}
