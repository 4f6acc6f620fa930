// The demo store listings' own content (issue 15): what a student reads on each listing's page, so the
// console's store screens look like a real Indian exam-prep store. Keyed by the demo catalogue whose
// listing it is; the listing ids (store-<catalogue without cat->) stay as they were.

interface DemoListingContent {
  description: string;
  examSyllabus: string;
  examPattern: string;
  preparationTips: string;
  programs: string[];
  studentTargetYear: number;
  featuredOnHomePage: boolean;
  featuredOnLeadPage: boolean;
  /** how many of the catalogue's subscriptions (in order) the listing shows; the first is featured */
  subscriptions: number;
  /** how many of the catalogue's add-ons (in order) it shows */
  addOns: number;
  testimonials: { firstName: string; lastName: string; description: string; title: string }[];
  faqs: [question: string, answer: string][];
  questionPapers: [name: string, file: string][];
  seo: { title: string; description: string; keywords: string[] };
  /** catalogue ids of the listings it recommends */
  recommends: string[];
}

const list = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;

export const DEMO_LISTING_CONTENT: Readonly<Record<string, DemoListingContent>> = {
  'cat-jee-main-2027': {
    description:
      '<p>A complete course for <strong>JEE Main 2027</strong>: live classes, recorded lessons, weekly chapter tests and full-length mocks in the NTA pattern.</p>',
    examSyllabus:
      '<h3>Physics</h3>' +
      list([
        'Kinematics and laws of motion',
        'Work, energy and power',
        'Electrostatics and current electricity',
        'Modern physics',
      ]) +
      '<h3>Chemistry</h3>' +
      list([
        'Mole concept and stoichiometry',
        'Chemical bonding',
        'Organic reaction mechanisms',
        'Coordination compounds',
      ]) +
      '<h3>Mathematics</h3>' +
      list(['Quadratic equations and complex numbers', 'Calculus', 'Coordinate geometry', 'Vectors and 3D geometry']),
    examPattern:
      '<p>Computer-based test, 3 hours, 75 questions (25 each in Physics, Chemistry and Mathematics).</p>' +
      '<table><thead><tr><th>Section</th><th>Questions</th><th>Marks</th></tr></thead><tbody>' +
      '<tr><td>MCQ</td><td>20 per subject</td><td>+4 / -1</td></tr>' +
      '<tr><td>Numerical value</td><td>5 per subject</td><td>+4 / 0</td></tr></tbody></table>',
    preparationTips: list([
      'Finish NCERT Chemistry line by line before any reference book.',
      'Attempt one full-length mock every Sunday from October and analyse it on Monday.',
      'Keep an error notebook: every wrong answer, why it was wrong, the fix.',
    ]),
    programs: ['Class 11', 'Class 12', 'Droppers'],
    studentTargetYear: 2027,
    featuredOnHomePage: true,
    featuredOnLeadPage: true,
    subscriptions: 2,
    addOns: 2,
    testimonials: [
      {
        firstName: 'Aarav',
        lastName: 'Kulkarni',
        description: 'The weekly tests showed me exactly which chapters I kept losing marks in.',
        title: '99.2 percentile, JEE Main 2025',
      },
      {
        firstName: 'Sneha',
        lastName: 'Reddy',
        description: 'Doubt sessions every evening meant I never carried a confusion into the next day.',
        title: 'AIR 1,840, JEE Main 2025',
      },
    ],
    faqs: [
      ['Are the live classes recorded?', '<p>Yes. Every live class is available as a recording within two hours.</p>'],
      [
        'Is the course in Hindi too?',
        '<p>Lessons are in English with Hindi explanations for difficult concepts; notes are bilingual.</p>',
      ],
      ['Can I switch to the 12-month plan later?', '<p>Yes, pay the difference from your dashboard at any time.</p>'],
    ],
    questionPapers: [
      ['JEE Main 2025 January Shift 1', '/files/public/question-paper/jee-main-2025-jan-s1.pdf'],
      ['JEE Main 2024 April Shift 2', '/files/public/question-paper/jee-main-2024-apr-s2.pdf'],
    ],
    seo: {
      title: 'JEE Main 2027 Complete Course | Live Classes & Mocks',
      description:
        'Crack JEE Main 2027 with live classes, weekly tests and full-length NTA-pattern mocks. Plans from Rs. 19,999.',
      keywords: ['JEE Main 2027', 'JEE coaching online', 'IIT JEE preparation'],
    },
    recommends: ['cat-neet-ug-2027', 'cat-class-10-board-maths'],
  },
  'cat-neet-ug-2027': {
    description:
      '<p>A focused crash course for <strong>NEET UG 2027</strong> with NCERT-first Biology, daily practice sets and all-India mock tests.</p>',
    examSyllabus:
      '<h3>Biology</h3>' +
      list(['Cell biology and biomolecules', 'Human physiology', 'Genetics and evolution', 'Ecology and environment']) +
      '<h3>Physics and Chemistry</h3>' +
      list(['Mechanics and optics', 'Thermodynamics', 'Organic chemistry basics', 'Chemical equilibrium']),
    examPattern:
      '<p>Pen-and-paper test, 3 hours 20 minutes, 200 questions of which 180 are answered: 90 Biology, 45 Physics, 45 Chemistry. +4 for a right answer, -1 for a wrong one.</p>',
    preparationTips: list([
      'Read the NCERT Biology books three times: most questions come from them.',
      'Practise 100 MCQs a day and time every set.',
      'Revise diagrams weekly: labelled figures are asked every year.',
    ]),
    programs: ['Class 12', 'Droppers'],
    studentTargetYear: 2027,
    featuredOnHomePage: true,
    featuredOnLeadPage: false,
    subscriptions: 2,
    addOns: 1,
    testimonials: [
      {
        firstName: 'Fatima',
        lastName: 'Shaikh',
        description: 'The daily practice sets built my speed: I finished the paper with 20 minutes to spare.',
        title: '665/720, NEET UG 2025',
      },
      {
        firstName: 'Karthik',
        lastName: 'Iyer',
        description: 'Mock test analysis told me to stop guessing in Physics. That alone added 30 marks.',
        title: 'AIR 3,215, NEET UG 2025',
      },
    ],
    faqs: [
      [
        'How many mock tests are included?',
        '<p>Twenty full-length mocks with all-India ranks, plus chapter tests.</p>',
      ],
      ['Do you cover the NCERT exemplar?', '<p>Yes, every exemplar question is solved in the practice sets.</p>'],
    ],
    questionPapers: [['NEET UG 2025 (Code 45)', '/files/public/question-paper/neet-ug-2025-code-45.pdf']],
    seo: {
      title: 'NEET UG 2027 Crash Course | NCERT Biology & Mocks',
      description: 'NCERT-first NEET UG 2027 crash course with daily practice and 20 all-India mock tests.',
      keywords: ['NEET 2027', 'NEET crash course', 'NEET biology'],
    },
    recommends: ['cat-jee-main-2027'],
  },
  'cat-upsc-prelims-2026': {
    description:
      '<p>Foundation course for <strong>UPSC Civil Services Prelims 2026</strong>: GS Paper I and CSAT, with current affairs every month.</p>',
    examSyllabus:
      '<h3>General Studies Paper I</h3>' +
      list([
        'History of India and the Indian National Movement',
        'Indian and world geography',
        'Indian polity and governance',
        'Economic and social development',
        'Environment, ecology and general science',
      ]) +
      '<h3>CSAT (Paper II)</h3>' +
      list(['Comprehension', 'Logical reasoning and analytical ability', 'Basic numeracy (Class X level)']),
    examPattern:
      '<p>Two objective papers of 200 marks each, 2 hours each. GS Paper I decides the merit; CSAT is qualifying at 33%. One-third of the marks of a question is deducted for a wrong answer.</p>',
    preparationTips: list([
      'Read one national newspaper daily and make short notes.',
      'Solve the last ten years of Prelims papers topic by topic.',
      'Do not neglect CSAT: practise a comprehension set every day.',
    ]),
    programs: ['Graduates', 'Working professionals'],
    studentTargetYear: 2026,
    featuredOnHomePage: false,
    featuredOnLeadPage: true,
    subscriptions: 2,
    addOns: 2,
    testimonials: [
      {
        firstName: 'Rohan',
        lastName: 'Deshmukh',
        description: 'The monthly current affairs compilations were all I needed for the news part of GS.',
        title: 'Cleared Prelims 2025',
      },
      {
        firstName: 'Meenakshi',
        lastName: 'Pillai',
        description: 'Polity lectures made the Constitution feel like a story, not a list of articles.',
        title: 'Cleared Prelims 2025, appearing for Mains',
      },
    ],
    faqs: [
      ['Is current affairs included?', '<p>Yes: a monthly compilation and a weekly quiz till the exam.</p>'],
      [
        'Does the course cover Mains?',
        '<p>This course is for Prelims; the Mains answer-writing programme is sold separately.</p>',
      ],
    ],
    questionPapers: [
      ['UPSC Prelims 2025 GS Paper I', '/files/public/question-paper/upsc-prelims-2025-gs1.pdf'],
      ['UPSC Prelims 2025 CSAT', '/files/public/question-paper/upsc-prelims-2025-csat.pdf'],
    ],
    seo: {
      title: 'UPSC Prelims 2026 Foundation Course | GS & CSAT',
      description: 'Prepare for UPSC Prelims 2026: GS Paper I, CSAT and monthly current affairs, with test series.',
      keywords: ['UPSC 2026', 'IAS preparation', 'UPSC prelims course'],
    },
    recommends: [],
  },
  'cat-cat-quant-2026': {
    description:
      '<p>Quantitative aptitude for <strong>CAT 2026</strong>, from arithmetic basics to the hardest algebra and geometry sets.</p>',
    examSyllabus: list([
      'Arithmetic: percentages, ratios, time and work',
      'Algebra',
      'Geometry and mensuration',
      'Number systems',
      'Modern maths',
    ]),
    examPattern:
      '<p>Computer-based, 2 hours, three sections of 40 minutes each: VARC, DILR and QA. MCQs carry +3 / -1; TITA questions have no negative marking.</p>',
    preparationTips: list([
      'Master arithmetic first: it is about half of the QA section.',
      'Take a sectional test every week and track accuracy, not just attempts.',
    ]),
    programs: ['Graduates', 'Final-year students'],
    studentTargetYear: 2026,
    featuredOnHomePage: false,
    featuredOnLeadPage: false,
    subscriptions: 2,
    addOns: 1,
    testimonials: [
      {
        firstName: 'Ishaan',
        lastName: 'Malhotra',
        description: 'Shortcut methods for arithmetic saved me ten minutes in QA.',
        title: '99.1 percentile in QA, CAT 2025',
      },
    ],
    faqs: [
      ['Is VARC or DILR covered?', '<p>No, this course covers Quantitative Aptitude only.</p>'],
      ['Are there sectional mocks?', '<p>Yes, 15 sectional QA mocks in the CAT interface.</p>'],
    ],
    questionPapers: [['CAT 2025 Slot 1 QA', '/files/public/question-paper/cat-2025-slot1-qa.pdf']],
    seo: {
      title: 'CAT 2026 Quantitative Aptitude Course',
      description: 'Score 99+ percentile in CAT 2026 QA: arithmetic to algebra, with sectional mocks.',
      keywords: ['CAT 2026', 'CAT quant', 'MBA entrance'],
    },
    recommends: [],
  },
  'cat-class-10-board-maths': {
    description:
      '<p>Chapter-wise lessons and board-pattern practice for <strong>CBSE Class 10 Mathematics</strong>.</p>',
    examSyllabus: list([
      'Real numbers and polynomials',
      'Pair of linear equations and quadratic equations',
      'Triangles, circles and coordinate geometry',
      'Trigonometry and its applications',
      'Statistics and probability',
    ]),
    examPattern:
      '<p>Written board exam of 80 marks in 3 hours, plus 20 marks of internal assessment. Sections A to E: MCQs, short and long answers, and case-based questions.</p>',
    preparationTips: list([
      'Solve every NCERT example and exercise.',
      'Write the steps: board marking gives marks for method.',
      'Practise three sample papers in exam conditions before March.',
    ]),
    programs: ['Class 10 CBSE'],
    studentTargetYear: 2027,
    featuredOnHomePage: true,
    featuredOnLeadPage: false,
    subscriptions: 1,
    addOns: 1,
    testimonials: [
      {
        firstName: 'Diya',
        lastName: 'Banerjee',
        description: 'Case-based questions stopped scaring me after the weekly practice sheets.',
        title: '98/100, CBSE Class 10 2025',
      },
    ],
    faqs: [
      ['Is it for CBSE or ICSE?', '<p>CBSE. An ICSE edition is planned.</p>'],
      ['Are sample papers included?', '<p>Yes, ten sample papers with marking schemes.</p>'],
    ],
    questionPapers: [
      ['CBSE Class 10 Maths (Standard) 2025', '/files/public/question-paper/cbse-10-maths-standard-2025.pdf'],
    ],
    seo: {
      title: 'Class 10 Board Maths (CBSE) | Lessons & Sample Papers',
      description: 'Score 95+ in CBSE Class 10 Maths with chapter-wise lessons and board-pattern sample papers.',
      keywords: ['CBSE class 10 maths', 'board exam preparation'],
    },
    recommends: ['cat-jee-main-2027'],
  },
};
