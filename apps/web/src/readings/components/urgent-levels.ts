// What an urgent banner says and shows for each level, and the link that dials a number: shared
// by the banners of single readings and of readings read together.
import MedicalServicesIcon from '@mui/icons-material/MedicalServices';
import ReportIcon from '@mui/icons-material/Report';

export const levels = {
  now: { title: 'Get emergency care now', Icon: ReportIcon },
  today: { title: 'Contact a doctor today', Icon: MedicalServicesIcon },
} as const;

/** What a telephone link dials: the digits and a leading +, without the spaces people read. */
export function telHref(number: string): string {
  return `tel:${number.replace(/[^\d+]/g, '')}`;
}
