function e(e,t,n){return e._({id:`YPdwL2`,values:{action:t,item:n}})}export{e as t};
//# sourceMappingURL=action-name-DgL8jmt6.js.map