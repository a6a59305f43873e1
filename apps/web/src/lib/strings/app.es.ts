import filesEs from '../../components/files/files.es.json';
import chatbotEs from '../../locales/chatbot.es.json';
import companyEs from '../../locales/company.es.json';
import dashboardEs from '../../locales/dashboard.es.json';
import orderingEs from '../../locales/ordering.es.json';
import peopleEs from '../../locales/people.es.json';
import peopleReportEs from '../../locales/people-report.es.json';
import profileEs from '../../locales/profile.es.json';
import projectNotesEs from '../../locales/project-notes.es.json';
import projectsEs from '../../locales/projects.es.json';
import receiptsEs from '../../locales/receipts.es.json';
import reportsEs from '../../locales/reports.es.json';
import schedulingEs from '../../locales/scheduling.es.json';
import tasksEs from '../../locales/tasks.es.json';
import timecardsEs from '../../locales/timecards.es.json';
import toolsEs from '../../locales/tools.es.json';
import announcementsEs from '../../modules/announcements/locales/es.json';

// Every signed-in screen's strings: the key types and the locale tests (lib/i18n-resources.ts). The app fetches them
// a screen at a time instead (lib/i18n.ts).
export default {
  projects: projectsEs,
  profile: profileEs,
  people: peopleEs,
  company: companyEs,
  dashboard: dashboardEs,
  timecards: timecardsEs,
  files: filesEs,
  receipts: receiptsEs,
  scheduling: schedulingEs,
  tasks: tasksEs,
  tools: toolsEs,
  ordering: orderingEs,
  'project-notes': projectNotesEs,
  chatbot: chatbotEs,
  announcements: announcementsEs,
  'people-report': peopleReportEs,
  reports: reportsEs,
};
