// One article per question of the risk assessment, written for Vitalia in plain language, each
// naming the public sources it draws on.
import { RISK_ARTICLE_SLUGS } from '@vitalia/api/education.contract';
import { markdown, type DemoArticle } from './demo-article.ts';

export const riskArticles: DemoArticle[] = [
  {
    slug: RISK_ARTICLE_SLUGS.smoking,
    title: 'Smoking: what it does and how to stop',
    summary:
      'Tobacco harms almost every organ, and stopping helps at any age. What changes when you quit, and the support that doubles your chances.',
    cover: 'smoking',
    tags: ['smoking', 'risks', 'lungs', 'heart'],
    sources: [
      {
        name: 'WHO: Tobacco fact sheet',
        url: 'https://www.who.int/news-room/fact-sheets/detail/tobacco',
      },
      { name: 'CDC: Smoking and tobacco use', url: 'https://www.cdc.gov/tobacco/index.html' },
      { name: 'NHS: Quit smoking', url: 'https://www.nhs.uk/live-well/quit-smoking/' },
      { name: 'American Lung Association: Quit smoking', url: 'https://www.lung.org/quit-smoking' },
    ],
    body: markdown(`
      Tobacco smoke carries thousands of chemicals, and dozens of them are known to cause cancer.
      Smoking damages the lungs, narrows the arteries, raises blood pressure and heart rate, and
      thickens the blood. It is one of the leading causes of heart attack, stroke, chronic lung
      disease and cancers of the lung, mouth, throat, bladder and more. Up to half of people who
      keep smoking die of a smoking-related illness.

      Smoke also harms the people around you. Children who breathe it get more chest infections
      and asthma attacks.

      ## Why it shows in your readings

      Smoking can show up in several of the measures Vitalia follows: a higher resting pulse and
      blood pressure, lower breathing test results, and, because carbon monoxide clings to
      haemoglobin, an oxygen reading that looks better than your blood really is.

      ## What changes when you stop

      - Within a day, carbon monoxide leaves your blood and your heart no longer has to work
        against it.
      - Within weeks, breathing and circulation improve, and coughing often settles.
      - After a year, the extra risk of a heart attack is about half that of someone who still
        smokes, and it keeps falling.
      - Over the following years the risk of stroke and of many cancers keeps dropping.

      It is never too late: people who stop even in their sixties gain years of life.

      ## Stopping: what works

      - **Get support.** Free stop-smoking services combine advice with treatment, and people who
        use them are several times more likely to succeed than those who go it alone.
      - **Use treatment for the cravings.** Nicotine replacement (patches, gum, lozenges, sprays)
        or prescribed medicines ease withdrawal. Using a patch together with a fast-acting form
        works better than either alone.
      - **Plan for your triggers,** such as coffee, alcohol or stress, and have something ready
        to do instead.
      - **Set a date** and tell people about it.

      Vaping is much less harmful than smoking and has helped many people stop, but it is not
      harmless. If you do not smoke, do not start vaping.

      ## When to see someone

      Talk to a doctor, pharmacist or stop-smoking service whenever you are ready to stop, and see
      a doctor promptly if you have a cough lasting more than three weeks, cough up blood, lose
      weight without trying, or get breathless doing everyday things.
    `),
  },
  {
    slug: RISK_ARTICLE_SLUGS['recreational-drugs'],
    title: 'Recreational drugs: knowing the risks',
    summary:
      'Drugs taken for pleasure can harm the heart, mind and relationships, and mixing them multiplies the danger. Ways to reduce harm and where to find help.',
    cover: 'recreational-drugs',
    tags: ['recreational-drugs', 'risks', 'mental-health', 'medicines'],
    sources: [
      {
        name: 'WHO: Drugs (psychoactive)',
        url: 'https://www.who.int/health-topics/drugs-psychoactive',
      },
      {
        name: 'NIDA: Commonly used drugs charts',
        url: 'https://nida.nih.gov/research-topics/commonly-used-drugs-charts',
      },
      {
        name: 'NHS: Drug addiction, getting help',
        url: 'https://www.nhs.uk/live-well/addiction-support/drug-addiction-getting-help/',
      },
    ],
    body: markdown(`
      Recreational drugs are substances taken for their effect on mood or perception rather than to
      treat an illness: cannabis, cocaine, ecstasy (MDMA), amphetamines, ketamine, opioids such as
      heroin, and many newer lab-made substances. Prescription medicines used without a
      prescription, or in larger doses than prescribed, belong here too.

      ## How drugs can harm

      - **Heart and circulation.** Stimulants such as cocaine and amphetamines raise heart rate and
        blood pressure and can trigger heart attacks and strokes, even in young people.
      - **Breathing.** Opioids, and sedatives such as benzodiazepines, slow breathing. Too much can
        stop it, and the risk is far higher when they are mixed with each other or with alcohol.
      - **Mind.** Drugs can bring on anxiety, paranoia and psychosis, and regular use is linked
        with depression. Cannabis used heavily from a young age carries more risk.
      - **Unknown contents.** Street drugs are not what the seller says. Strength varies from batch
        to batch, and some are cut with potent substances such as fentanyl.
      - **Dependence.** Over time, many drugs change how the brain handles reward, making it hard
        to stop even when you want to.

      ## Why it matters for your readings

      Drugs can change pulse, blood pressure, temperature, breathing and mood, so readings taken
      while under their influence, or while coming down, can look alarming or misleadingly fine.

      ## Reducing the harm

      If you choose to use drugs, these steps lower the risk, although nothing makes it safe:

      - Do not mix drugs, and do not mix them with alcohol.
      - Start with a small amount and wait, especially with a new batch.
      - Do not use alone; make sure someone knows what you took.
      - Drink water in sips if you are dancing or hot, but do not overdo it.
      - Where available, use drug-checking services, and carry naloxone if opioids are involved.

      ## When to see someone

      Call emergency services straight away if someone is unconscious, breathing slowly or not at
      all, has a fit, chest pain, or is very hot and confused. Put them on their side while you
      wait. Tell the crew what was taken: they are there to help, not to judge.

      If you want to cut down or stop, a doctor or a local drug service can help in confidence.
      Treatment works, and asking for help is a sign of strength.
    `),
  },
  {
    slug: RISK_ARTICLE_SLUGS['self-medication'],
    title: 'Self-medication: using medicines safely without a prescription',
    summary:
      'Treating minor problems yourself is often sensible, but leftover prescriptions, doubled ingredients and hidden interactions can cause real harm.',
    cover: 'self-medication',
    tags: ['self-medication', 'risks', 'medicines'],
    sources: [
      {
        name: 'FDA: Understanding over-the-counter medicines',
        url: 'https://www.fda.gov/drugs/understanding-over-counter-medicines',
      },
      {
        name: 'WHO: Antimicrobial resistance fact sheet',
        url: 'https://www.who.int/news-room/fact-sheets/detail/antimicrobial-resistance',
      },
      { name: 'NHS: Medicines A to Z', url: 'https://www.nhs.uk/medicines/' },
    ],
    body: markdown(`
      **Self-medication** means choosing and taking medicines without a health professional's
      advice: buying pain relief for a headache, finishing an old course of antibiotics, or taking
      a friend's tablets because your symptoms sound like theirs. Used carefully, medicines from a
      pharmacy are a sensible way to handle minor problems. Used carelessly, they cause avoidable
      harm.

      ## Where self-medication goes wrong

      - **Doubling up.** Many cold and flu remedies already contain paracetamol. Taking them with
        plain paracetamol can push you past the safe daily dose, and paracetamol overdose damages
        the liver, often without early symptoms.
      - **Interactions.** Anti-inflammatory painkillers such as ibuprofen can raise blood pressure,
        upset the stomach and, with some heart and kidney medicines, harm the kidneys. Some
        antacids stop other medicines from being absorbed.
      - **Antibiotics without a prescription.** They do nothing against colds and flu, which are
        caused by viruses, and using them wrongly breeds germs that antibiotics can no longer
        kill.
      - **Someone else's medicine.** A dose that suits another person may not suit your weight,
        age, kidneys or other conditions.
      - **Masking a problem.** Treating symptoms for weeks can delay finding out what causes
        them.

      ## Using medicines safely

      - Read the label every time: the active ingredient, the dose, how often, and the warnings.
      - Check whether two products share an ingredient before taking them together.
      - Keep a list of everything you take, including vitamins and herbal products, and show it
        to your pharmacist or doctor.
      - Ask a pharmacist. They can tell you whether a medicine suits you and when you need a
        doctor instead, usually without an appointment.
      - Take prescribed medicines as prescribed, finish courses as advised, and never share them.
      - Return unused medicines to a pharmacy rather than keeping them for next time.

      Extra care is needed in pregnancy and breastfeeding, for children and older people, and for
      anyone with liver, kidney or heart conditions.

      ## When to see someone

      See a doctor if symptoms last longer than the label says, keep coming back, or get worse.
      Get urgent help if you think you have taken too much of any medicine, even if you feel well,
      or if you have a rash, swelling of the face or lips, or difficulty breathing after taking
      one.
    `),
  },
  {
    slug: RISK_ARTICLE_SLUGS.alcohol,
    title: 'Alcohol: how much is too much?',
    summary:
      'No amount of alcohol is completely safe, and the risks rise with every drink. How alcohol affects your body and practical ways to cut down.',
    cover: 'alcohol',
    tags: ['alcohol', 'risks', 'heart', 'mental-health'],
    sources: [
      {
        name: 'WHO: Alcohol fact sheet',
        url: 'https://www.who.int/news-room/fact-sheets/detail/alcohol',
      },
      { name: 'CDC: Alcohol use', url: 'https://www.cdc.gov/alcohol/index.html' },
      { name: 'NHS: Alcohol advice', url: 'https://www.nhs.uk/live-well/alcohol-advice/' },
    ],
    body: markdown(`
      Alcohol is part of many celebrations, which makes it easy to forget that it is a toxic and
      addictive substance. It is linked with more than 200 diseases and injuries, including liver
      disease, several cancers (mouth, throat, breast, bowel and liver), high blood pressure, an
      irregular heartbeat, stroke, accidents and violence. The World Health Organization's view is
      that there is no level of drinking that is safe for health; the less you drink, the lower
      the risk.

      ## How alcohol shows in your health

      - **Blood pressure** rises with regular drinking and falls when people cut down.
      - **Heart rhythm**: a heavy session can trigger atrial fibrillation, an irregular beat.
      - **Mood**: alcohol is a depressant. It may relax you for an evening, but it disturbs sleep
        and makes anxiety and low mood worse over time.
      - **Weight**: drinks carry a lot of energy, and they loosen good intentions about food.
      - **Blood sugar**: alcohol can cause low blood sugar hours later, especially for people
        who use insulin or some diabetes tablets.

      ## Knowing how much you drink

      Health services count alcohol in **standard drinks** or **units**, which differ between
      countries. A large glass of wine or a strong pint of beer can be two or three units.
      England's low-risk advice, for example, is no more than 14 units a week, spread over three
      or more days, with several alcohol-free days. Drinking a lot in one session is harmful even
      if your weekly total is low.

      Nobody should drink in pregnancy, before driving or operating machinery, or with medicines
      that warn against it.

      ## Cutting down

      - Keep a drink diary for a week; most people underestimate.
      - Plan alcohol-free days and stick to them.
      - Choose smaller glasses and lower-strength drinks, and alternate with water.
      - Eat before and while drinking.
      - Notice your triggers, such as stress or boredom, and find another way to unwind.

      ## When to see someone

      Talk to a doctor if you find it hard to cut down, drink in the morning, feel shaky, sweaty
      or anxious when you have not had a drink, or people close to you are worried. If you drink
      heavily every day, **do not stop suddenly without advice**: withdrawal can cause fits and
      needs medical support. Call emergency services for someone who cannot be woken, is
      breathing slowly, or is vomiting while drowsy.
    `),
  },
  {
    slug: RISK_ARTICLE_SLUGS['herbal-concoctions'],
    title: 'Herbal concoctions: natural does not mean safe',
    summary:
      'Herbal remedies and home-made mixtures can be strong medicines in their own right. What can go wrong, and how to use them more safely.',
    cover: 'herbal-concoctions',
    tags: ['herbal-concoctions', 'risks', 'medicines'],
    sources: [
      {
        name: 'WHO: Traditional, complementary and integrative medicine',
        url: 'https://www.who.int/health-topics/traditional-complementary-and-integrative-medicine',
      },
      {
        name: 'NCCIH: Using dietary supplements wisely',
        url: 'https://www.nccih.nih.gov/health/using-dietary-supplements-wisely',
      },
      { name: 'NHS: Medicines A to Z', url: 'https://www.nhs.uk/medicines/' },
    ],
    body: markdown(`
      Plants have been used as medicine for as long as people have been ill, and many modern
      medicines began as plant extracts. In many families, herbal mixtures, teas, roots and bitters
      are the first thing people reach for. Some help; many have never been properly tested; and a
      few are dangerous. Because they come from nature, it is easy to assume they are gentle. They
      are not always.

      ## What can go wrong

      - **Unknown strength.** Home-made or market concoctions can vary hugely from one batch to the
        next, so the same cup can be weak one day and strong the next.
      - **Hidden ingredients.** Some products sold as herbal have been found to contain
        prescription medicines, steroids, or heavy metals such as lead and mercury.
      - **Liver and kidney damage.** Several herbs can injure the liver or kidneys, especially when
        taken in large amounts or for a long time.
      - **Interactions with medicines.** St John's wort, for example, makes the contraceptive pill,
        some heart medicines and some HIV treatments less effective. Other herbs can thin the blood
        or change blood sugar, which matters if you take medicine for clotting or diabetes.
      - **Delayed treatment.** Relying on a remedy for a serious illness, such as diabetes, high
        blood pressure, an infection or cancer, can let it progress while proper treatment would
        have worked.

      ## Using herbal products more safely

      - **Tell your doctor and pharmacist** what you take, including teas and mixtures. They will
        not judge; they need the full picture to keep you safe.
      - Prefer products whose label names the plant, the amount and the maker, and that are
        registered with your country's medicines regulator.
      - Do not take herbal remedies in pregnancy or while breastfeeding, or give them to babies and
        children, without advice.
      - Stop a week or two before planned surgery, and tell the team what you were taking.
      - Never use a herbal product instead of medicine you have been prescribed without talking to
        your doctor first.

      ## When to see someone

      Stop the product and see a doctor if you notice yellowing of the skin or eyes, dark urine,
      unusual tiredness, nausea, a rash, bruising or bleeding after starting it. Get urgent help
      for vomiting, confusion, difficulty breathing or swelling of the face after taking any
      remedy.
    `),
  },
  {
    slug: RISK_ARTICLE_SLUGS.illness,
    title: 'Living with an existing illness',
    summary:
      'A long-term condition changes what your readings mean and which ones matter most. How to work with your care team and keep well day to day.',
    cover: 'illness',
    tags: ['illness', 'risks', 'long-term-conditions'],
    sources: [
      {
        name: 'WHO: Noncommunicable diseases fact sheet',
        url: 'https://www.who.int/news-room/fact-sheets/detail/noncommunicable-diseases',
      },
      { name: 'CDC: Chronic disease', url: 'https://www.cdc.gov/chronic-disease/index.html' },
      { name: 'NHS: Health A to Z', url: 'https://www.nhs.uk/conditions/' },
    ],
    body: markdown(`
      Many people live with at least one long-term condition: high blood pressure, diabetes, asthma
      or COPD, heart disease, kidney disease, arthritis, depression and many others. These
      conditions are the leading causes of illness and death worldwide, yet most can be managed
      well for decades. Home readings are one of the best tools for doing that.

      ## Why an existing illness changes your readings

      - **Targets can differ.** Someone with COPD may normally have an oxygen level below 95%, and
        a person with diabetes may aim for a different blood sugar range. Vitalia's colours use
        general bands; the numbers your care team gives you come first.
      - **Medicines change numbers.** Beta blockers slow the pulse; diuretics and blood pressure
        tablets can make you light-headed when you stand; steroids raise blood sugar.
      - **Conditions affect each other.** Diabetes, high blood pressure, high cholesterol and
        smoking add up: together they multiply the risk to the heart and kidneys.

      ## Making readings count

      - Ask your care team which measures matter most for you, how often to take them, and which
        numbers mean you should call.
      - Measure at the same times and in the same way, so that changes mean something.
      - Bring your history to appointments. Trends over weeks tell far more than a single reading
        in a clinic.
      - Note new symptoms, missed doses and changes in medicine alongside your readings.

      ## Looking after yourself

      - Take medicines as prescribed, and talk to your doctor before stopping one, even if you
        feel better or are troubled by side effects.
      - Keep up with vaccinations such as flu; infections hit harder when you already have an
        illness.
      - Stay as active as your condition allows, eat well, and do not smoke.
      - Look after your mood. Living with a long-term condition is tiring, and low mood is common
        and treatable.
      - Keep an up-to-date list of your conditions, medicines and allergies with you.

      ## When to see someone

      Follow any action plan your care team has given you. Otherwise, contact them when readings
      move out of your usual range for more than a day or two, when symptoms change, or when you
      cannot take your medicines. A reading Vitalia marks as urgent cannot wait that long: do
      what its banner says, today or at once. Call emergency services for chest pain, severe
      breathlessness, sudden weakness or numbness, confusion or fainting.
    `),
  },
  {
    slug: RISK_ARTICLE_SLUGS.cancer,
    title: 'Cancer: lowering your risk and spotting it early',
    summary:
      'About a third to a half of cancers could be prevented. The habits that lower risk, the screening worth having, and the changes to get checked.',
    cover: 'cancer',
    tags: ['cancer', 'risks', 'screening'],
    sources: [
      {
        name: 'WHO: Cancer fact sheet',
        url: 'https://www.who.int/news-room/fact-sheets/detail/cancer',
      },
      {
        name: 'National Cancer Institute: Risk factors for cancer',
        url: 'https://www.cancer.gov/about-cancer/causes-prevention/risk',
      },
      { name: 'CDC: Cancer', url: 'https://www.cdc.gov/cancer/index.html' },
      { name: 'NHS: Cancer', url: 'https://www.nhs.uk/conditions/cancer/' },
    ],
    body: markdown(`
      Cancer is not one disease but many. Each starts when cells grow out of control and can spread
      to other parts of the body. Getting older and the genes you inherit raise the risk, and you
      cannot change those. But the World Health Organization estimates that **between 30 and 50%
      of cancers could be prevented** by avoiding known risks, and many more can be treated
      successfully when found early.

      If you have had cancer, or someone close to you has, the same advice applies, and your care
      team may suggest extra checks.

      ## Habits that lower your risk

      - **Do not smoke**, and avoid other people's smoke. Tobacco is the largest single
        preventable cause of cancer.
      - **Drink less alcohol**, or none. Risk rises with every drink.
      - **Keep to a healthy weight** and be active: both lower the risk of several cancers.
      - **Eat plenty of fibre**, vegetables and fruit, and less processed and red meat.
      - **Protect your skin** from strong sun and never use sunbeds.
      - **Get vaccinated**: vaccines against HPV and hepatitis B prevent cancers of the cervix,
        throat and liver.

      ## Screening

      Screening looks for cancer, or changes that could become cancer, before there are symptoms.
      Programmes differ between countries, but commonly include tests for **cervical**,
      **breast** and **bowel** cancer, and for some people lung cancer. Take up invitations when
      they come, and ask your doctor what is offered for your age and history.

      ## Changes to get checked

      Most of these turn out to be something less serious, but they should be checked by a doctor,
      especially if they last more than three weeks:

      - a lump or swelling anywhere,
      - a cough or hoarseness that will not go away, or coughing up blood,
      - blood in your urine, stools or vomit, or bleeding after the menopause,
      - a change in bowel habits,
      - losing weight without trying, or tiredness you cannot explain,
      - a mole that changes shape, size or colour, or a sore that does not heal,
      - difficulty swallowing, or heartburn that keeps coming back.

      ## When to see someone

      Book an appointment for any of the changes above. If you are worried, say so; finding cancer
      early is one of the most effective ways to treat it. If you already have or have had cancer,
      follow the plan your team gave you and contact them about new symptoms, fever during
      treatment, or anything that worries you.
    `),
  },
];
