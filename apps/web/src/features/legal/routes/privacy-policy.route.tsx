import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useDeletionGrace, usePrivacyTerms } from '../../../api/privacy-contact.query';

/**
 * The measures Vitalia keeps readings of, as the catalogue names them, in a sentence: 'oxygen
 * saturation, blood sugar, BMI, ... and cholesterol'. The names are written in by the build
 * (`__MEASURE_NAMES__`, vite.config.ts), so this public page does not load the measures' rules;
 * lower-cased inline, as readings/format/reading-format.ts's nameInSentence does.
 */
const measuresInSentence = (() => {
  const names = __MEASURE_NAMES__.map((name) =>
    name === name.toUpperCase() ? name : name.charAt(0).toLowerCase() + name.slice(1),
  );
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names.join('');
})();

function Section({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 4 }}>
      <Typography variant="h5" component="h2" gutterBottom sx={{ fontWeight: 500 }}>
        {heading}
      </Typography>
      {children}
    </Box>
  );
}

function Paragraph({ children }: { children: ReactNode }) {
  return <Typography sx={{ mb: 1.5, lineHeight: 1.7 }}>{children}</Typography>;
}

function Points({ items }: { items: ReactNode[] }) {
  return (
    <Box component="ul" sx={{ mt: 0, mb: 1.5, pl: 3, lineHeight: 1.7 }}>
      {items.map((item, index) => (
        <Typography component="li" key={index} sx={{ mb: 0.5, lineHeight: 1.7 }}>
          {item}
        </Typography>
      ))}
    </Box>
  );
}

/** The operator's address for personal data (PRIVACY_CONTACT), as a mail link once it is known. */
function ContactAddress() {
  const terms = usePrivacyTerms();
  if (!terms.data) return <>the privacy contact address of this site</>;
  return <Link href={`mailto:${terms.data.contact}`}>{terms.data.contact}</Link>;
}

export function PrivacyPolicyRoute() {
  const grace = useDeletionGrace() ?? 'some time';
  return (
    <article>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Last updated 28 November 2026
      </Typography>
      <Paragraph>
        This policy explains, in plain words, what Vitalia keeps about you, why, who can see it and
        what you can ask us to do with it. Health information is personal, so we collect only what
        the app needs to work for you.
      </Paragraph>

      <Section heading="Who we are">
        <Paragraph>
          Vitalia is a personal health tracker with a small store of health products. Each Vitalia
          site is run by an operator, the organisation that installed it and offers it to you. In
          this policy &ldquo;we&rdquo; means the operator of this Vitalia installation, who is
          responsible for your data.
        </Paragraph>
      </Section>

      <Section heading="What we collect">
        <Points
          items={[
            'Your account: your email address and your password. We never store the password itself, only a one-way hash of it.',
            'Your profile: first and last name, display name, phone number, gender, date of birth, height, country and, if you add one, a picture.',
            `Your health information: the readings you record (${measuresInSentence}), the notes that go with them, and your answers to the risk assessment.`,
            'Your orders: the products, quantities and prices, and either your delivery details (name, phone, email address, street address, city and state) or your choice to pick up.',
            'Technical records: our server logs each request with a request id, the time, the address it came from and the result, so faults and abuse can be traced. These logs never contain your password or your sign-in tokens.',
          ]}
        />
        <Paragraph>
          Your browser keeps your sign-in tokens, your email address and your cart in its own local
          storage on your device, and may hold a security cookie that protects your requests from
          forgery by other websites. After you sign in, it also keeps a device cookie for 180 days:
          a random code, which we keep only as a one-way hash, that tells us this browser has signed
          in to your account before, so that someone else's wrong passwords never lock you out of
          it. Changing your password makes it void. If you sign in with LinkedIn, we receive your
          name and email address from LinkedIn; we never post anything for you.
        </Paragraph>
      </Section>

      <Section heading="Why we use it">
        <Points
          items={[
            'To show you your readings and what they mean: the colours, results and advice come from comparing each reading with published reference ranges.',
            'To deliver what you order, or have it ready for pickup.',
            'To keep your account secure: signing in, two-factor codes, limits on repeated attempts and tracing misuse.',
            'To send the emails an account needs, such as confirming your address or resetting a password. We do not send marketing email.',
          ]}
        />
      </Section>

      <Section heading="Legal basis and your consent">
        <Paragraph>
          We hold your account, profile and orders because we need them to provide the service you
          signed up for, and we keep security logs because protecting accounts is a legitimate
          interest. Health information is a special category of personal data, so we process your
          readings and assessment answers only with your explicit consent, which you give when you
          record them. You can withdraw that consent at any time by deleting them or your account.
        </Paragraph>
      </Section>

      <Section heading="Who can see your data">
        <Points
          items={[
            'You.',
            'Staff accounts of the operator, only to run the store and publish articles: they see the orders and delivery details needed to fulfil them, not your readings or your assessment answers.',
            'A doctor you share with: you choose the doctor, the measures, the period and whether your assessment is included, and you can pause or end the share at any time. A share link lets a clinician without an account read what you chose until it expires or you end it. Every look through a share or a link is written in your access log, which you can read and download.',
            'Companies that host the site or deliver its email, acting only on the operator\u2019s instructions, and authorities when the law requires it.',
          ]}
        />
      </Section>

      <Section heading="What we never do">
        <Paragraph>
          We do not sell or rent your data. Vitalia shows no advertising and contains no advertising
          trackers or third-party analytics; the app loads its code, fonts and images from this site
          only.
        </Paragraph>
      </Section>

      <Section heading="How we protect it">
        <Paragraph>
          Passwords are hashed with argon2id. Refresh, reset and verification tokens are stored only
          as hashes, and access tokens expire after 15 minutes. In deployment all traffic is
          encrypted with TLS. You can add a second sign-in step with an authenticator app. No system
          is perfect; if a breach puts your data at risk, we will tell you and the authorities as
          the law requires.
        </Paragraph>
      </Section>

      <Section heading="How long we keep it">
        <Paragraph>
          We keep your data while you have an account. Technical logs are kept only as long as
          needed to investigate faults and abuse; sent emails are removed from our mail queue after
          a week.
        </Paragraph>
      </Section>

      <Section heading="Your rights, and how to use them">
        <Paragraph>
          You have the right to a copy of your data, to take it elsewhere, to correct it and to have
          it erased (the Nigeria Data Protection Act 2023 and, where it applies, the GDPR). Most of
          this you can do yourself in the app, at any time:
        </Paragraph>
        <Points
          items={[
            <>
              <strong>Download my data</strong> (Account page): one zip archive with your readings
              as a spreadsheet (<code>readings.csv</code>), the same readings and your assessment in
              the FHIR R4 health-data standard (<code>fhir.json</code>), your orders (
              <code>orders.json</code>), your profile (<code>profile.json</code>) and the log of who
              looked at your shared data (<code>sharing-log.csv</code>).
            </>,
            <>
              <strong>Import readings</strong> (My Health): bring in readings from a Vitalia export,
              from the CSV file of a blood pressure monitor or glucose meter (you say which column
              is which), or from a FHIR R4 file. You see what will be added before anything is
              saved; readings you already have are skipped, so importing the same file twice adds
              nothing.
            </>,
            <>
              <strong>Correct</strong> your profile on the Profile page, and edit or delete any
              reading.
            </>,
            <>
              <strong>Delete my account</strong> (Security page): after you confirm with your
              password, every device is signed out and your shares with doctors and your share links
              end at once. Your account is deleted {grace} later; until then, signing in offers to
              restore it. Deleting removes your profile and picture, your readings, your assessment,
              your sessions, your connection to LinkedIn, your shares, links and access log, and
              your reminders. Your orders are kept for the store&rsquo;s accounts, as tax and
              accounting law requires, with your name, email address, phone number and delivery
              address replaced, so they no longer name you. We email you when deletion starts and
              when it is done, and you can register again with the same address afterwards.
            </>,
            'Withdraw your consent to the use of your health information by deleting the readings or your account.',
          ]}
        />
        <Paragraph>
          For anything else, or if something does not work, write to <ContactAddress />. You may
          also complain to the data protection authority where you live (in Nigeria, the Nigeria
          Data Protection Commission).
        </Paragraph>
      </Section>

      <Section heading="Not medical advice">
        <Paragraph>
          Vitalia helps you follow your own readings. Its colours, results and advice are general
          information, not a diagnosis or treatment. If a reading worries you, or you feel unwell,
          contact a doctor or your local emergency number.
        </Paragraph>
      </Section>

      <Section heading="Contact">
        <Paragraph>
          Questions and requests about your data go to the operator of this Vitalia installation at{' '}
          <ContactAddress />.
        </Paragraph>
      </Section>

      <Section heading="Changes to this policy">
        <Paragraph>
          When this policy changes, we update the date at the top. If a change affects how your
          health information is used, we will tell you in the app before it takes effect and ask for
          your consent again where the law requires.
        </Paragraph>
      </Section>
    </article>
  );
}
