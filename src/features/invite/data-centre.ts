/** The one place the invited signup gets its dcFlag from (issue 4's measured choice). */
export { chooseDataCentre } from '../../lib/datacentre/choose-data-centre';
