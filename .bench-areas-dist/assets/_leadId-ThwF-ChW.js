import{a as e}from"./page-kit-BK7BSBqU.js";var t=e;export{t as errorComponent};
//# sourceMappingURL=_leadId-ThwF-ChW.js.map