import filesEn from '../../components/files/files.en.json';
import chatbotEn from '../../locales/chatbot.en.json';
import companyEn from '../../locales/company.en.json';
import dashboardEn from '../../locales/dashboard.en.json';
import orderingEn from '../../locales/ordering.en.json';
import peopleEn from '../../locales/people.en.json';
import peopleReportEn from '../../locales/people-report.en.json';
import profileEn from '../../locales/profile.en.json';
import projectNotesEn from '../../locales/project-notes.en.json';
import projectsEn from '../../locales/projects.en.json';
import receiptsEn from '../../locales/receipts.en.json';
import reportsEn from '../../locales/reports.en.json';
import schedulingEn from '../../locales/scheduling.en.json';
import tasksEn from '../../locales/tasks.en.json';
import timecardsEn from '../../locales/timecards.en.json';
import toolsEn from '../../locales/tools.en.json';
import announcementsEn from '../../modules/announcements/locales/en.json';

// Every signed-in screen's strings: the key types and the locale tests (lib/i18n-resources.ts). The app fetches them
// a screen at a time instead (lib/i18n.ts).
export default {
  projects: projectsEn,
  profile: profileEn,
  people: peopleEn,
  company: companyEn,
  dashboard: dashboardEn,
  timecards: timecardsEn,
  files: filesEn,
  receipts: receiptsEn,
  scheduling: schedulingEn,
  tasks: tasksEn,
  tools: toolsEn,
  ordering: orderingEn,
  'project-notes': projectNotesEn,
  chatbot: chatbotEn,
  announcements: announcementsEn,
  'people-report': peopleReportEn,
  reports: reportsEn,
};
