// One article per measure, written for Vitalia in plain language. The bands, urgent thresholds
// and advice are the ones the app rates readings with (docs/clinical-reference.md, generated from
// packages/health); each article names its sources.
import { MEASURE_ARTICLE_SLUGS } from '@vitalia/api/education.contract';
import { markdown, type DemoArticle } from './demo-article.ts';

export const measureArticles: DemoArticle[] = [
  {
    slug: MEASURE_ARTICLE_SLUGS.oxygen,
    title: 'Oxygen saturation: what your SpO2 number tells you',
    summary:
      'How a fingertip pulse oximeter estimates the oxygen in your blood, how to get a reading you can trust, and which numbers mean you should get help.',
    cover: 'oxygen',
    tags: ['oxygen', 'measures', 'lungs'],
    sources: [
      {
        name: 'WHO: Pulse Oximetry Training Manual',
        url: 'https://www.who.int/docs/default-source/patient-safety/pulse-oximetry/who-ps-pulse-oxymetry-training-manual-en.pdf',
      },
      {
        name: 'NHS England: Pulse oximetry to detect early deterioration of patients with COVID-19',
        url: 'https://www.england.nhs.uk/coronavirus/documents/c0445-pulse-oximetry-to-detect-early-deterioration-of-patients-with-covid-19-in-primary-and-community-care-settings-12-january-2021',
      },
      {
        name: 'FDA: Pulse oximeter accuracy and limitations',
        url: 'https://www.fda.gov/medical-devices/safety-communications/pulse-oximeter-accuracy-and-limitations-fda-safety-communication',
      },
      {
        name: 'NHS: Chronic obstructive pulmonary disease (COPD)',
        url: 'https://www.nhs.uk/conditions/chronic-obstructive-pulmonary-disease-copd/',
      },
    ],
    body: markdown(`
      Every red blood cell carries a protein called haemoglobin, and haemoglobin picks up oxygen in
      your lungs and drops it off in the rest of your body. **Oxygen saturation**, written SpO2, is
      the share of that haemoglobin that is carrying oxygen right now. Healthy lungs keep it close
      to full, so the number is usually in the high nineties.

      ## How the clip on your finger works

      A pulse oximeter shines red and infrared light through your fingertip. Blood rich in oxygen
      absorbs the two kinds of light differently from blood that has given its oxygen away, and the
      device turns that difference into a percentage. It also counts your pulse, which is why the
      screen shows two numbers.

      ## Getting a reading you can trust

      - Sit and rest for five minutes first. Keep your hand still and at the level of your heart.
      - Warm your hands. Cold fingers have poor blood flow and give low or jumpy numbers.
      - Take off nail polish and false nails from the finger you use.
      - Wait until the number has stayed steady for about ten seconds before you write it down.
      - If the number looks wrong, try another finger or the other hand.

      Oximeters are less exact than a hospital blood test. Darker skin, very cold hands, poor
      circulation and movement can all make the reading less reliable, and some devices may read
      **higher** than the true level in people with darker skin. Watch how you feel as well as the
      number.

      ## What the bands mean in Vitalia

      Vitalia follows NHS England's advice for measuring oxygen at home:

      - **95 to 100%: normal.** Your blood is carrying as much oxygen as it should.
      - **93 or 94%: low.** Rest for a few minutes and measure again. If it is still under 95%,
        contact a doctor or clinic the same day.
      - **92% or less: an emergency.** Call the emergency number now, sit upright and stay with
        someone while you wait. Vitalia labels 91 and 92% low and 90% or less very low, and
        shows both with the emergency number at the top of the screen.
      - **Over 100% or under 50%:** not a possible human reading; the device was probably not
        sitting properly. Measure again, but if you are breathless, confused or drowsy, or your
        lips look blue, call the emergency number whatever the number says.

      Some people with long-term lung conditions, such as COPD, normally live with lower levels.
      If your care team has given you a personal target, their number is the one to follow.

      ## When to see someone

      Get urgent help, whatever the number says, if you are struggling to breathe, cannot finish a
      sentence, have blue or grey lips, feel confused or very drowsy, or have chest pain. A reading
      of 92% or less needs emergency care now. A reading of 93 or 94% that stays there after
      resting needs a doctor the same day; call the emergency number if it falls to 92% or less,
      or you become breathless, confused or drowsy. Readings that are dropping from one day to
      the next should be talked through with a doctor soon.
    `),
  },
  {
    slug: MEASURE_ARTICLE_SLUGS.sugar,
    title: 'Blood sugar: reading your glucose meter',
    summary:
      'What blood glucose is, how to test it at home without fooling the meter, and what fasting and after-meal readings mean, with and without diabetes.',
    cover: 'blood-sugar',
    tags: ['blood-sugar', 'measures', 'diabetes'],
    sources: [
      {
        name: 'ADA: Standards of Care in Diabetes',
        url: 'https://professional.diabetes.org/standards-of-care',
      },
      { name: 'ADA: Diagnosis', url: 'https://diabetes.org/about-diabetes/diagnosis' },
      {
        name: 'NHS: Low blood sugar (hypoglycaemia)',
        url: 'https://www.nhs.uk/conditions/low-blood-sugar-hypoglycaemia/',
      },
      {
        name: 'NHS: High blood sugar (hyperglycaemia)',
        url: 'https://www.nhs.uk/conditions/high-blood-sugar-hyperglycaemia/',
      },
      {
        name: 'WHO: Diabetes fact sheet',
        url: 'https://www.who.int/news-room/fact-sheets/detail/diabetes',
      },
    ],
    body: markdown(`
      The sugar in your blood, **glucose**, is the fuel your cells burn. It rises after you eat
      and falls as insulin moves it into your muscles and liver. Diabetes is what happens when that
      system stops keeping glucose in a safe range. Vitalia rates glucose in **mg/dL**, but you
      can type mmol/L as your meter shows it: Vitalia keeps your number and rates it by the
      American Diabetes Association's published pairs (5.6 mmol/L is 100 mg/dL).

      ## Testing well at home

      - Wash your hands with soap and warm water and dry them. Sugar from fruit or food on your
        skin can push the reading up.
      - Prick the side of a fingertip, not the pad, and use the first good drop of blood.
      - Check that the strips are in date and stored closed.
      - Say when you tested: **fasting** means nothing to eat or drink but water for at least
        eight hours; **after a meal** means about two hours after you started eating.

      ## What the bands mean in Vitalia

      The same number means different things before and after food, and with or without diabetes.
      Figures are in mg/dL.

      **In every case:** under 54 (3.0 mmol/L) is very low, called level 2 hypoglycaemia; 250
      (13.9 mmol/L) or more is very high.

      **Without diabetes, fasting:** 54 to 69 is extremely low; 70 to 79 is low; 80 to 100 is
      normal, though ADA counts 100 as prediabetes; 101 to 125 is high, so talk to a caregiver,
      as it can be a sign of prediabetes; 126 to 249 is very high.

      **Without diabetes, after a meal:** 54 to 69 is low; 70 to 140 is normal; 141 to 199 is
      high; 200 to 249 is very high.

      **With diabetes, fasting:** 54 to 70 is extremely low; 71 to 79 is low; 80 to 130 is the
      usual target; 131 to 249 is high.

      **With diabetes, after a meal:** 54 to 69 is low; 70 to 180 is the usual target; 181 to 249
      is high.

      Your own care team may set different targets, especially in pregnancy or older age.

      ## If your sugar is low

      Under 70, or shakiness, sweating, hunger and confusion, needs fast sugar if you can swallow
      safely: about 15 grams, such as a small glass of juice or 4 to 5 glucose tablets. Test again
      after 15 minutes and repeat until it is 70 or more, then eat a proper snack. Tell your doctor
      or diabetes team the same day.

      ## When to see someone

      - Call emergency services if someone with low sugar is confused, very drowsy, has a fit or
        cannot swallow safely. Give nothing by mouth; use a glucagon kit if one was prescribed.
      - From 250, drink water, check for ketones if you can and contact your doctor or diabetes
        team the same day; from 300 (16.7 mmol/L), contact them now, or call emergency services
        if you cannot. Call emergency services at once if you are vomiting, very drowsy or
        confused, breathing fast or deeply, or have tummy pain. These two thresholds are
        Vitalia's own.
      - See a doctor soon if, without diabetes, you get a fasting result of 126 or more, or an
        after-meal result of 200 or more, and the same day if you are also very thirsty, passing
        a lot of urine or losing weight. Only a laboratory test can diagnose diabetes, so a home
        reading is a reason to check, not a verdict.
      - With diabetes, tell your team about repeated highs and any low you needed help with.
    `),
  },
  {
    slug: MEASURE_ARTICLE_SLUGS.bmi,
    title: 'Body mass index: what BMI can and cannot tell you',
    summary:
      'BMI compares your weight with your height. Here is how to weigh and measure yourself properly, what the bands mean, and when the number misleads.',
    cover: 'bmi',
    tags: ['bmi', 'measures', 'weight', 'heart'],
    sources: [
      {
        name: 'WHO: Obesity and overweight fact sheet',
        url: 'https://www.who.int/news-room/fact-sheets/detail/obesity-and-overweight',
      },
      {
        name: 'NHLBI: Calculate your body mass index',
        url: 'https://www.nhlbi.nih.gov/health/educational/lose_wt/BMI/bmicalc.htm',
      },
      { name: 'NHS: Obesity', url: 'https://www.nhs.uk/conditions/obesity/' },
      { name: 'CDC: Body mass index', url: 'https://www.cdc.gov/bmi/index.html' },
      {
        name: 'WHO: Obesity, preventing and managing the global epidemic (TRS 894)',
        url: 'https://iris.who.int/handle/10665/42330',
      },
      {
        name: 'WHO: Physical status, the use and interpretation of anthropometry (TRS 854)',
        url: 'https://iris.who.int/handle/10665/37003',
      },
    ],
    body: markdown(`
      **Body mass index (BMI)** is your weight in kilograms divided by the square of your height
      in metres. Someone who weighs 70 kg and is 1.75 m tall has a BMI of 70 ÷ (1.75 × 1.75),
      which is about 22.9. Vitalia works it out from the height in your profile, so keep that up
      to date.

      BMI is popular because it is cheap and quick, and across large groups of people it tracks
      the risk of heart disease, type 2 diabetes and some cancers. For one person it is a rough
      guide, not a measure of health.

      ## Weighing and measuring yourself well

      - Weigh yourself at the same time of day, ideally in the morning after using the toilet and
        before breakfast.
      - Wear light clothes and no shoes, and put the scale on a hard, flat floor.
      - Use the same scale each time. Day-to-day changes of a kilogram are mostly water.
      - Measure your height standing straight against a wall, heels together, without shoes.

      ## What the bands mean in Vitalia

      Vitalia uses the World Health Organization's adult bands, and rates your BMI with all its
      decimals, so a figure just under an edge is never rounded up into the next band:

      - **Under 16: severely underweight.** Severe thinness can harm the heart and other organs.
      - **16 to under 18.5: underweight.** This can come with weaker bones, a weaker immune
        system and low energy.
      - **18.5 to under 25: healthy weight.**
      - **25 to under 30: overweight.** Risk of raised blood pressure and blood sugar starts to
        climb.
      - **30 to under 35, 35 to under 40, and 40 or more: obesity, classes I, II and III.** The
        risk of heart disease, type 2 diabetes and joint problems is clearly higher, and it rises
        with each class.

      ## When BMI misleads

      - **Muscle** weighs more than fat, so strong, athletic people can read as overweight.
      - **Older adults** often lose muscle, so their BMI can look fine while body fat is high.
      - People of **South Asian, Chinese and some other Asian** backgrounds tend to carry risk at
        lower BMIs, and some health services use lower cut-offs for them.
      - BMI does not apply in **pregnancy** or to **children**, who are measured on growth charts.

      Your waist adds what BMI misses: fat around the middle matters most. A common rule of thumb
      is to keep your waist to less than half your height.

      ## When to see someone

      A BMI under 16 needs a doctor today: first check the weight and height it was worked out
      from, and if they are right, make the call. Call emergency services if you faint, have
      chest pain or a racing heart, or are too weak to stand.

      Talk to a doctor if you are losing weight without trying (for example 5% of your weight in
      six months), if your BMI is under 18.5, or if it is 30 or more, or 25 or more with high
      blood pressure, high blood sugar or a family history of heart disease. They can help you set
      a realistic goal; even a loss of 5% of your weight brings real benefits.
    `),
  },
  {
    slug: MEASURE_ARTICLE_SLUGS.mood,
    title: 'Mood: why noting how you feel is worth it',
    summary:
      'A daily mood note turns a vague sense of "not great lately" into a pattern you can act on. What the four moods mean in Vitalia and when to reach out.',
    cover: 'mood',
    tags: ['mood', 'measures', 'mental-health'],
    sources: [
      {
        name: 'WHO: Depressive disorder fact sheet',
        url: 'https://www.who.int/news-room/fact-sheets/detail/depression',
      },
      {
        name: 'NHS: Depression in adults',
        url: 'https://www.nhs.uk/mental-health/conditions/depression-in-adults/overview/',
      },
      { name: 'NHS: Every Mind Matters', url: 'https://www.nhs.uk/every-mind-matters/' },
      {
        name: 'NHS: Where to get urgent help for mental health',
        url: 'https://www.nhs.uk/nhs-services/mental-health-services/where-to-get-urgent-help-for-mental-health/',
      },
    ],
    body: markdown(`
      Everyone has good days and bad days. A sad day after bad news is a normal, healthy reaction.
      What matters for your health is the **pattern**: low mood that hangs on for weeks, or that
      keeps you from doing the things you usually manage, is worth taking as seriously as a
      physical symptom.

      ## Noting your mood well

      - Pick the same moment each day, such as the evening, so the notes can be compared.
      - Choose the word that fits the whole day, not just the last hour.
      - Be honest. Nobody else grades these notes; they are for you and, if you choose, your
        doctor.
      - Add a few words in the notes field about sleep, stress or what happened. Patterns often
        jump out later, such as low days after poor sleep.

      ## What the moods mean in Vitalia

      - **Happy: good.** Keep doing what helps: sleep, movement and time with people you like.
      - **Neutral: inconclusive.** One neutral day tells little. Look at the week.
      - **Sad: unhappy.** Worth noticing, especially if it repeats.
      - **Very sad: bad mood.** Tell someone you trust and talk to your doctor today; a therapist
        is trained for exactly this. If you have thoughts of harming yourself, get help now, as
        below.

      ## Signs that it may be more than a bad patch

      Health services describe depression as low mood or loss of interest that lasts **most of the
      day, nearly every day, for at least two weeks**, often with some of these:

      - sleeping much more or much less than usual,
      - changes in appetite or weight,
      - tiredness and low energy,
      - trouble concentrating or making decisions,
      - feeling worthless, guilty or hopeless.

      Depression is common and treatable. Talking therapies, regular activity, support from the
      people around you and, for some, medicine all help.

      ## When to see someone

      Talk to a doctor or a counsellor if you have had more sad or very sad days than not for two
      weeks, or if your mood is getting in the way of work, study or relationships.

      **If you are thinking about harming yourself, or feel you cannot keep yourself safe, get help
      now:** call your local emergency number, a crisis line, or tell someone you trust and ask
      them to stay with you.
    `),
  },
  {
    slug: MEASURE_ARTICLE_SLUGS.pulse,
    title: 'Resting heart rate: taking your pulse properly',
    summary:
      'Your resting pulse is a simple sign of heart fitness. Learn to take it at the wrist, and see how Vitalia compares it with people of your age and sex.',
    cover: 'pulse',
    tags: ['pulse', 'measures', 'heart'],
    sources: [
      {
        name: 'AHA: Target heart rates',
        url: 'https://www.heart.org/en/healthy-living/fitness/fitness-basics/target-heart-rates',
      },
      {
        name: 'Topend Sports: Resting heart rate chart',
        url: 'https://www.topendsports.com/testing/heart-rate-resting-chart.htm',
      },
      { name: 'NHS: Arrhythmia', url: 'https://www.nhs.uk/conditions/arrhythmia/' },
    ],
    body: markdown(`
      Your **pulse** is the number of times your heart beats in a minute. Your **resting** pulse is
      that number when you have been calm and still for a while. A fit heart pumps more blood with
      each beat, so it needs fewer beats: a lower resting rate usually goes with better fitness.

      ## Taking your pulse at home

      1. Sit quietly for five minutes. Mornings, before coffee, give the most comparable numbers.
      2. Turn one hand palm up. Place the tips of two fingers of the other hand on the thumb side
         of your wrist, just below the base of the thumb. Do not use your thumb; it has a pulse of
         its own.
      3. Count the beats for 30 seconds and double it. If the beat feels uneven, count for a full
         minute.

      A blood pressure monitor, pulse oximeter or fitness watch also shows your pulse. Wrist
      devices can be thrown off by movement, so take readings sitting still.

      ## What the bands mean in Vitalia

      Adults at rest usually have 60 to 100 beats a minute. Vitalia goes further and compares your
      reading with a widely published resting heart rate chart for your **age and sex**, which
      runs from *Athlete* through *Excellent*, *Great*, *Good* and *Average* to *Below average*
      and *Poor*.

      - **Athlete to Average** are shown green.
      - **Below average and Poor** are shown red: a nudge to re-check at rest and to look at your
        fitness, not a diagnosis. For a man of 26 to 35, for example, Average is 71 to 74 and Poor
        is 82 or more; for a woman of 36 to 45, Average is 74 to 78 and Poor is 85 or more.
      - **Below the Athlete band:** 40 or more is shown yellow, unusually low, so re-check at rest;
        it is normal for some trained athletes. Under 40 is red and needs emergency care now.

      If your profile has no date of birth or gender, or you are under 18, Vitalia uses the plain
      adult range: 41 to 100 is normal.

      ## Bringing it down

      Regular activity that makes you a little out of breath, better sleep, less alcohol and not
      smoking all lower resting heart rate over weeks to months.

      ## When to see someone

      - Call emergency services for a resting pulse under 40 or over 150, or for a racing or very
        slow pulse with chest pain, fainting, severe breathlessness or confusion. If you have just
        exercised, say so when you call.
      - Over 120 at rest: sit quietly for five minutes and measure again. If it is still over
        120, contact a doctor the same day. These emergency and same-day thresholds are
        Vitalia's own, set to be safe.
      - See a doctor if your resting pulse is often above 100 or below 50 (unless you are an
        athlete), or if it feels **irregular**: an uneven beat can be atrial fibrillation, which
        raises the risk of stroke and is easy to check with a simple heart tracing.
    `),
  },
  {
    slug: MEASURE_ARTICLE_SLUGS.bloodPressure,
    title: 'Blood pressure at home: the two numbers explained',
    summary:
      'High blood pressure rarely causes symptoms, which is why measuring it matters. How to get an accurate home reading and what each band means.',
    cover: 'blood-pressure',
    tags: ['blood-pressure', 'measures', 'heart'],
    sources: [
      {
        name: 'AHA: Understanding blood pressure readings',
        url: 'https://www.heart.org/en/health-topics/high-blood-pressure/understanding-blood-pressure-readings',
      },
      {
        name: 'AHA: Monitoring your blood pressure at home',
        url: 'https://www.heart.org/en/health-topics/high-blood-pressure/understanding-blood-pressure-readings/monitoring-your-blood-pressure-at-home',
      },
      {
        name: 'NHS: Low blood pressure (hypotension)',
        url: 'https://www.nhs.uk/conditions/low-blood-pressure-hypotension/',
      },
      {
        name: 'WHO: Hypertension fact sheet',
        url: 'https://www.who.int/news-room/fact-sheets/detail/hypertension',
      },
    ],
    body: markdown(`
      Blood pressure is the force of your blood pushing on the walls of your arteries. It is
      written as two numbers, such as 118/76 mmHg. The first, **systolic**, is the pressure while
      your heart beats; the second, **diastolic**, is the pressure while it rests between beats.

      High blood pressure usually feels like nothing at all, yet over years it strains the heart,
      brain, kidneys and eyes. That is why it is called a silent condition, and why checking it is
      one of the most useful things you can do at home.

      ## An accurate reading, step by step

      - Use an upper-arm monitor that has been clinically validated, with a cuff that fits your
        arm. Wrist and finger devices are less reliable.
      - For 30 minutes before, avoid caffeine, exercise and smoking, and empty your bladder.
      - Sit for five minutes with your back supported and your feet flat on the floor, legs
        uncrossed.
      - Rest your arm on a table so the cuff is at heart height, on bare skin.
      - Do not talk. Take two readings a minute apart and record their average, as Vitalia's
        guided measurement does.
      - Measure at the same times, morning and evening, for a week before a check-up.

      ## What the bands mean in Vitalia

      Vitalia rates a reading in this order and stops at the first band that fits:

      1. **Very high:** systolic 160 or more, or diastolic 120 or more. At 180/120 or above this
         is a hypertensive crisis.
      2. **High:** systolic 130 to 159, or diastolic 89 to 119.
      3. **Dangerously low:** systolic 50 or less, or diastolic 33 or less.
      4. **Very low:** systolic 61 or less, or diastolic 41 or less.
      5. **Low:** systolic 90 or less, or diastolic 60 or less. Fine for some people, but not if
         you feel dizzy or faint.
      6. **Elevated:** systolic 122 to 129, or diastolic 82 to 88.
      7. **Normal:** systolic 91 to 121 and diastolic 61 to 81.

      The 2017 ACC/AHA guideline already calls 120/80 stage 1 high blood pressure.

      A single high reading is not a diagnosis. Pressure rises with stress, pain, cold and even a
      full bladder; the average over days is what counts.

      ## When to see someone

      - **180/120 or higher:** call emergency services now if you have chest pain, shortness of
        breath, back pain, numbness or weakness, a change in vision or difficulty speaking.
        Otherwise rest five minutes and measure again; if it is still that high, contact your
        doctor today.
      - **Dangerously low,** or fainting or feeling confused, cold and clammy: lie down with your
        legs raised and call emergency services now. **Very low:** sit down, drink water and
        measure again; if it stays that low, contact a doctor today.
      - Readings in the high bands on several days: book an appointment. Lifestyle changes and,
        where needed, medicine cut the risk of stroke and heart attack.
      - Other low readings with dizziness, fainting or falls: talk to a doctor, and mention any
        medicines you take.
    `),
  },
  {
    slug: MEASURE_ARTICLE_SLUGS.breathing,
    title: 'Breathing tests at home: FEV1 and your lungs',
    summary:
      'A spirometer measures how much air you can blow out and how fast. What FEV1 and FEV2 mean, how to blow a good test, and what under 80% suggests.',
    cover: 'breathing',
    tags: ['breathing', 'measures', 'lungs'],
    sources: [
      {
        name: 'American Lung Association: Lung function tests',
        url: 'https://www.lung.org/lung-health-diseases/lung-procedures-and-tests/lung-function-tests',
      },
      {
        name: 'NHLBI: Lung function tests',
        url: 'https://www.nhlbi.nih.gov/health/lung-function-tests',
      },
      { name: 'NHS: Spirometry', url: 'https://www.nhs.uk/conditions/spirometry/' },
      {
        name: 'GOLD: Global strategy for COPD, 2025 report',
        url: 'https://goldcopd.org/2025-gold-report/',
      },
    ],
    body: markdown(`
      **Spirometry** measures how well air moves out of your lungs. You take the deepest breath you
      can and blow out as hard and as fast as possible into a mouthpiece. The meter records how much
      air leaves your lungs in the first second, called **FEV1**, and Vitalia also records the
      amount after two seconds, **FEV2**.

      Each is compared with the value **predicted** for a healthy person of your age, height, sex
      and background, and written as a percentage: 100% means exactly what is expected.

      ## Blowing a good test

      - Sit upright with your feet on the floor, or stand if your meter's instructions say so.
      - Loosen tight clothing. Wait at least an hour after a large meal.
      - Breathe in fully, until you cannot take in any more.
      - Seal your lips around the mouthpiece, then blast the air out as hard and fast as you can
        and keep going until your lungs feel empty.
      - Do it three times, resting in between, and record the best result. Results that differ
        a lot usually mean one blow was not a full effort.
      - If you use a reliever inhaler, note whether you took it before the test.

      ## What the bands mean in Vitalia

      - **Both over 80%: normal.** Air is leaving your lungs freely.
      - **Both under 80%: abnormal.** Airflow is lower than expected. This can happen with asthma,
        chronic obstructive pulmonary disease (COPD) and other lung conditions.
      - **Anything else** (one over and one under, or either exactly 80%): **borderline.** Repeat
        the test on another day; technique often explains a single low blow.
      - **FEV1 under 50%,** whatever the other value: GOLD, the COPD guideline, grades an FEV1
        this low as severe, so Vitalia asks you to contact a doctor the same day.

      Home meters are less exact than the tests done in a clinic, which also measure the total
      amount you can blow out and may repeat the test after a dose of inhaler. A home result is a
      signal to look closer, not a diagnosis.

      ## When to see someone

      - Call emergency services if you are too breathless to speak in sentences, your lips look
        blue, you feel confused or drowsy, or your reliever inhaler is not helping.
      - Contact a doctor today about an FEV1 under 50%, and take your results with you.
      - See a doctor if your results are under 80% on more than one day, if they are falling over
        weeks, or if you have a cough that has lasted more than three weeks, wheezing, or
        breathlessness with everyday activity.
      - If you smoke, stopping is the single best thing you can do for your lung function.
    `),
  },
  {
    slug: MEASURE_ARTICLE_SLUGS.temperature,
    title: 'Body temperature: fever, chills and what is normal',
    summary:
      'Normal body temperature is a range, not a single number. How to measure it properly and when a high or low reading needs attention.',
    cover: 'temperature',
    tags: ['temperature', 'measures', 'infection'],
    sources: [
      { name: 'NHS: Fever in adults', url: 'https://www.nhs.uk/conditions/fever-in-adults/' },
      { name: 'NHS: Hypothermia', url: 'https://www.nhs.uk/conditions/hypothermia/' },
    ],
    body: markdown(`
      Your body keeps its core temperature within a narrow range, usually around 36 to 37 °C. It is
      a little lower in the early morning and a little higher in the late afternoon, after exercise
      and after a hot drink. A **fever** is your immune system turning up the heat, most often to
      fight an infection.

      ## Measuring it properly

      - A digital thermometer under the tongue, or an ear or forehead thermometer used as its
        instructions say, works well at home. Old glass thermometers with mercury should not be
        used.
      - By mouth: wait 15 to 30 minutes after eating, drinking, smoking or exercise. Put the tip
        under your tongue, close your lips and breathe through your nose until it beeps.
      - Under the arm is easy but reads lower than by mouth; use it only if nothing else works.
      - Write down the time and anything you took for the fever, such as paracetamol, because it
        lowers the reading for a few hours.

      ## What the bands mean in Vitalia

      Vitalia reads temperatures in degrees Celsius, rounded to one decimal:

      - **Under 35.0 °C: hypothermia.** The body is losing heat faster than it makes it. This is
        an emergency: call the emergency number now.
      - **35.0 to 35.9 °C: low.** Re-check after warming up; it may be the thermometer or cold
        skin.
      - **36.0 to 37.0 °C: normal.**
      - **37.1 to 38.0 °C: high.** Often a mild illness, or simply a warm afternoon. Measure again.
        The NHS already counts 38.0 °C as a fever.
      - **38.1 to 39.9 °C: fever.**
      - **40.0 °C or more: very high fever.** Contact a doctor or urgent care service today.

      ## Looking after a fever

      Rest, drink plenty of fluids and wear light clothes. Paracetamol or ibuprofen can help you
      feel better if they are safe for you; read the label and do not take more than it says.

      ## When to see someone

      Call emergency services for a fever together with any of these:

      - a stiff neck, a rash that does not fade when you press a glass against it, or
        sensitivity to light,
      - confusion, fits, or being hard to wake,
      - difficulty breathing or chest pain.

      Contact a doctor or urgent care service the same day for a temperature of 40 °C or above
      (measure again within an hour while you wait), and for any fever if you have a weak immune
      system, for example during cancer treatment.

      Get medical advice the same day if a fever lasts more than three days, keeps rising or
      makes you feel very unwell, and see a doctor if it keeps coming back. A temperature under
      35.0 °C, or shivering, slurred speech, slow breathing and drowsiness in someone who has been
      in the cold, mean hypothermia: call emergency services, move them somewhere warm, take off
      wet clothes and cover them with dry blankets while you wait.
    `),
  },
  {
    slug: MEASURE_ARTICLE_SLUGS.cholesterol,
    title: 'Cholesterol: what your total number means',
    summary:
      'Cholesterol is needed by every cell, but too much in the blood clogs arteries. How home tests work and how to read total cholesterol bands.',
    cover: 'cholesterol',
    tags: ['cholesterol', 'measures', 'heart'],
    sources: [
      {
        name: 'NHLBI: Blood cholesterol',
        url: 'https://www.nhlbi.nih.gov/health/blood-cholesterol',
      },
      {
        name: 'AHA: About cholesterol',
        url: 'https://www.heart.org/en/health-topics/cholesterol/about-cholesterol',
      },
      { name: 'NHS: High cholesterol', url: 'https://www.nhs.uk/conditions/high-cholesterol/' },
      { name: 'CDC: Cholesterol', url: 'https://www.cdc.gov/cholesterol/index.html' },
      {
        name: 'NICE: Familial hypercholesterolaemia, identification and management (CG71)',
        url: 'https://www.nice.org.uk/guidance/cg71',
      },
    ],
    body: markdown(`
      **Cholesterol** is a waxy fat your body uses to build cells and make hormones. Your liver
      makes most of what you need; the rest comes from food. It travels in the blood in small
      parcels: **LDL** carries it out to the body and, in excess, leaves it in artery walls, while
      **HDL** carries it back to the liver. Over years, too much LDL narrows the arteries and
      raises the risk of heart attack and stroke.

      High cholesterol has no symptoms. A blood test is the only way to know.

      ## Home tests

      Home cholesterol kits use a finger-prick drop of blood on a strip read by a small meter.
      Most give **total cholesterol**, the figure Vitalia records, and some also give HDL and
      other fats.

      - Follow the kit's instructions exactly, including how long to wait before reading.
      - Wash and dry your hands, and let a full drop form; squeezing hard dilutes it.
      - Some kits ask you to fast for 9 to 12 hours. Note whether you did.
      - Home results can differ from a laboratory's, so use them to follow trends and confirm
        important results with your doctor.

      ## What the bands mean in Vitalia

      Vitalia uses the total cholesterol bands of the US National Cholesterol Education Program,
      in mg/dL. You can type a reading in mmol/L instead; Vitalia converts it (1 mmol/L is about
      38.7 mg/dL).

      - **Under 200: desirable.**
      - **200 to 239: borderline high.** Worth acting on with lifestyle changes.
      - **240 to 309: high.** Talk to a doctor about a full test and treatment.
      - **310 (8.0 mmol/L) or more: very high.** This can be familial hypercholesterolaemia, an
        inherited form that is treatable. Contact a doctor today to arrange a full test.

      Total cholesterol is only part of the picture. Doctors judge heart risk using LDL and HDL,
      together with your age, blood pressure, smoking, diabetes and family history.

      ## Bringing it down

      - Eat more vegetables, fruit, beans, oats and whole grains, and less fatty meat, butter,
        cream and pastries.
      - Choose oils such as olive or rapeseed over hard fats.
      - Be active: about 150 minutes a week of brisk walking or similar.
      - Stop smoking, and keep alcohol within low-risk limits.

      ## When to see someone

      See a doctor if your total cholesterol is 240 or more, or 200 or more together with other
      risks such as high blood pressure, diabetes or smoking, and contact one the same day at 310
      or more. Ask for a full test if close family members had a heart attack or stroke young
      (before 55 in men, 65 in women): some families carry an inherited form of high cholesterol
      that needs treatment early. NICE suggests considering it from a total of 7.5 mmol/L, about
      290 mg/dL. Call emergency services for chest pain, or sudden weakness or numbness on one
      side, a drooping face or difficulty speaking.
    `),
  },
  {
    slug: MEASURE_ARTICLE_SLUGS.respiratoryRate,
    title: 'Respiratory rate: counting your breaths',
    summary:
      'How many breaths you take a minute at rest is one of the first signs doctors check. How to count it at home, what is usual, and when a fast or slow rate needs help.',
    cover: 'breathing',
    tags: ['respiratory-rate', 'measures', 'lungs'],
    sources: [
      {
        name: 'Royal College of Physicians: National Early Warning Score (NEWS) 2',
        url: 'https://www.rcp.ac.uk/improving-care/resources/national-early-warning-score-news-2/',
      },
      {
        name: 'NHS: Shortness of breath',
        url: 'https://www.nhs.uk/symptoms/shortness-of-breath/',
      },
    ],
    body: markdown(`
      Your **respiratory rate** is the number of breaths you take in one minute. One breath is a
      full rise and fall of the chest: in, then out. It is one of the vital signs a nurse checks
      first, because it often changes early when the body is under strain from an infection, a
      lung problem or a heart problem.

      ## How to count it

      - Sit and rest for at least 5 minutes first. Talking, walking or climbing stairs speed it up.
      - Watch your chest or tummy rise, or rest a hand on it. Breathe normally; try not to think
        about it, or ask someone else to count for you without saying when they start.
      - Count the breaths for 30 seconds and double the number. If your breathing seems uneven,
        count for a full minute instead.

      ## What the bands mean in Vitalia

      The bands follow the National Early Warning Score (NEWS2), which hospitals in the UK use to
      spot a patient getting worse:

      - **12 to 20: normal** for an adult at rest.
      - **9 to 11: slow.** Count again after a rest; talk to a doctor if it stays slow and you feel
        unwell or drowsy.
      - **21 to 24: fast.** Rest for 5 minutes and count again. If it is still over 20, contact a
        doctor or clinic today.
      - **25 or more: very fast.** Get emergency care now.
      - **8 or less: very slow.** Get emergency care now, especially after sleeping tablets, strong
        painkillers or alcohol.

      NEWS2 was made for nurses and doctors in hospital. Vitalia uses its numbers on readings you
      take at home as a warning, not a diagnosis. Children breathe faster than adults, so these
      adult bands do not apply to them.

      ## When to get help now

      Call the emergency number, or have someone take you to the nearest hospital emergency unit,
      if you are too breathless to speak in sentences, your lips or face turn blue or grey, you
      feel confused or very drowsy, or breathing suddenly becomes hard, whatever the count says.
    `),
  },
];
