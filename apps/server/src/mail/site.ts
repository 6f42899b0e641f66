// What every template may know about the site that sends it, given by the mailer.
export interface MailSite {
  /** Where links point, e.g. https://vitalia.example */
  publicUrl: string;
  /** The emergency number of the country served (EMERGENCY_NUMBER). */
  emergencyNumber: string;
}
