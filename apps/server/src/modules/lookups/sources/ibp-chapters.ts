/**
 * IBP chapters, grouped by the nine IBP regions of Rule 139-A, Rules of Court. No maintained
 * machine-readable roster exists (none on the npm registry); this list was compiled for the platform
 * and is to be confirmed against the IBP's official chapter roster by staff.
 */
export const IBP_CHAPTERS_VERSION = 'compiled-2026-11';

export const ibpChapters: Record<string, string[]> = {
  'Northern Luzon': ['Abra', 'Baguio-Benguet', 'Batanes', 'Cagayan', 'Ifugao', 'Ilocos Norte', 'Ilocos Sur', 'Isabela', 'Kalinga-Apayao', 'La Union', 'Mountain Province', 'Nueva Vizcaya', 'Quirino'],
  'Central Luzon': ['Aurora', 'Bataan', 'Bulacan', 'Nueva Ecija', 'Pampanga', 'Pangasinan', 'Tarlac', 'Zambales'],
  'Greater Manila': ['Manila I', 'Manila II', 'Manila III', 'Manila IV', 'Quezon City'],
  'Southern Luzon': [
    'Batangas', 'Caloocan-Malabon-Navotas', 'Cavite', 'Laguna', 'Makati City', 'Marinduque', 'Occidental Mindoro', 'Oriental Mindoro',
    'Pasay-Parañaque-Las Piñas-Muntinlupa', 'Pasig-Taguig-Pateros-San Juan', 'Mandaluyong', 'Marikina', 'Quezon Province', 'Rizal',
  ],
  Bicolandia: ['Albay', 'Camarines Norte', 'Camarines Sur', 'Catanduanes', 'Masbate', 'Sorsogon'],
  'Eastern Visayas': ['Biliran', 'Bohol', 'Cebu City', 'Cebu Province', 'Eastern Samar', 'Leyte', 'Northern Samar', 'Samar', 'Southern Leyte'],
  'Western Visayas': ['Aklan', 'Antique', 'Capiz', 'Guimaras', 'Iloilo', 'Negros Occidental', 'Negros Oriental', 'Palawan-Puerto Princesa', 'Romblon', 'Siquijor'],
  'Eastern Mindanao': [
    'Agusan del Norte-Butuan City', 'Agusan del Sur', 'Bukidnon', 'Camiguin', 'Davao City', 'Davao del Norte', 'Davao del Sur', 'Davao Oriental',
    'Misamis Oriental-Cagayan de Oro City', 'Surigao del Norte', 'Surigao del Sur',
  ],
  'Western Mindanao': [
    'Basilan', 'Cotabato', 'Lanao del Norte-Iligan City', 'Lanao del Sur-Marawi City', 'Maguindanao-Cotabato City', 'Misamis Occidental',
    'South Cotabato-General Santos City-Sarangani', 'Sultan Kudarat', 'Sulu', 'Tawi-Tawi', 'Zamboanga City', 'Zamboanga del Norte', 'Zamboanga del Sur-Pagadian City',
    'Zamboanga Sibugay',
  ],
};
